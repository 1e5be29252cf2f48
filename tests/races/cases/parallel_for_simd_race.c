// adrace-expect: race definite
// adrace-race: 8 a
// parallel for simd over a recurrence: iteration i reads a[i-1] written by iteration i-1.
void parallel_for_simd(int n, double *a, const double *b)
{
#pragma omp parallel for simd
  for (int i = 1; i < n; i++)
    a[i] = 0.5 * a[i - 1] + b[i];
}
