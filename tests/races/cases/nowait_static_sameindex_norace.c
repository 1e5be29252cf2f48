// adrace-expect: race-free
// Both loops are schedule(static) with the same iteration count in the same region, so OpenMP assigns iteration i
// of both loops to the same thread; a[i] is written and then read by one thread, so nowait is safe.
void nowait_static_sameindex(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for schedule(static) nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      c[i] = a[i] + 1.0;
  }
}
