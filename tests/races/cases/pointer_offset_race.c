// adrace-expect: race definite
// adrace-race: 9 p
// q = p + 1 aliases p: iteration i reads p[i+1] through q[i] while iteration i+1 writes p[i+1].
void pointer_offset(int n, double *p)
{
  const double *q = p + 1;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    p[i] = 0.5 * q[i];
}
