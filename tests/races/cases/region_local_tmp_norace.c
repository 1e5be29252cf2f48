// adrace-expect: race-free
// scale is declared inside the parallel region, so each thread has its own.
void region_local_tmp(int n, double *restrict b, const double *restrict a)
{
#pragma omp parallel
  {
    double scale = 2.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      b[i] = scale * a[i];
  }
}
