// adrace-expect: race-free
// p[i] is read and written by iteration i only.
void pointer_subscript(int n, double *p)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    p[i] = 2.0 * p[i] + 1.0;
}
