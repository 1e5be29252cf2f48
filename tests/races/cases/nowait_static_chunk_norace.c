// adrace-expect: race-free
// Both loops are schedule(static, 4) with the same iteration count in one region: OpenMP assigns iteration i of
// both to the same thread, so reading a[i] right after the nowait loop is safe.
void nowait_static_chunk(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for schedule(static, 4) nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for schedule(static, 4)
    for (int i = 0; i < n; i++)
      c[i] = a[i] + 1.0;
  }
}
