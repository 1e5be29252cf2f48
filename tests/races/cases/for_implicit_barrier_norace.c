// adrace-expect: race-free
// Without nowait the first loop ends in an implicit barrier, so the shifted reads of a see completed writes.
void for_implicit_barrier(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for
    for (int i = 0; i < n - 1; i++)
      c[i] = a[i + 1];
  }
}
