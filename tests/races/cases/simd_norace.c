// adrace-expect: race-free
// Element-wise SIMD loop on distinct (restrict) arrays: no dependence between lanes.
void simd_add(int n, double *restrict a, const double *restrict b, const double *restrict c)
{
#pragma omp simd
  for (int i = 0; i < n; i++)
    a[i] = b[i] + c[i];
}
