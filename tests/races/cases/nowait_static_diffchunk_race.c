// adrace-expect: race definite
// adrace-race: 11 a
// The chunk sizes differ (4 and 8), so OpenMP does not give iteration i of both loops to one thread: after
// nowait, a[i] can be read before the thread that owns it in the first loop has written it.
void nowait_static_diffchunk(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for schedule(static, 4) nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for schedule(static, 8)
    for (int i = 0; i < n; i++)
      c[i] = a[i] + 1.0;
  }
}
