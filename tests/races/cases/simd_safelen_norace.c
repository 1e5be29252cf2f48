// adrace-expect: race-free
// The dependence distance is 16 and safelen(8) allows at most 8 consecutive iterations to run together, so lanes never conflict.
void simd_safelen(int n, double *a)
{
#pragma omp simd safelen(8)
  for (int i = 0; i < n - 16; i++)
    a[i + 16] = 0.5 * a[i];
}
