// adrace-expect: race-free
// Two parallel loops in one function, each race-free on its own: the first writes b, the second writes a from b.
void twoloops(int n, double *restrict a, double *restrict b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * a[i];
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i - 1] + b[i + 1];
}
