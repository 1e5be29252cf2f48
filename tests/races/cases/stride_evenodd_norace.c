// adrace-expect: race-free
// Writes touch only even elements a[2i], reads only odd elements a[2i+1]; the two sets never meet.
void stride_evenodd(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i] = 0.5 * a[2 * i + 1];
}
