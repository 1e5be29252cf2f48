// adrace-expect: race-free
// axpy under parallel for simd: each y[i] is touched by one iteration only.
void parallel_for_simd(int n, double alpha, double *restrict y, const double *restrict x)
{
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    y[i] += alpha * x[i];
}
