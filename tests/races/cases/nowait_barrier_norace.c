// adrace-expect: race-free
// An explicit barrier after the nowait loop orders every write of a before the shifted reads.
void nowait_barrier(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n - 1; i++)
      c[i] = a[i + 1];
  }
}
