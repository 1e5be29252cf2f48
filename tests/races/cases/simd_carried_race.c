// adrace-expect: race definite
// adrace-race: 8 a
// omp simd asserts no loop-carried dependence, but a[i+1] depends on a[i] from the previous iteration (SIMD lanes race).
void simd_carried(int n, double *a, const double *b)
{
#pragma omp simd
  for (int i = 0; i < n - 1; i++)
    a[i + 1] = a[i] + b[i];
}
