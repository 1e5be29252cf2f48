// adrace-expect: race definite
// adrace-race: 9 p
// Inclusive prefix sum: p[i] needs p[i-1] from the previous iteration.
void prefix_sum(int n, double *p, const double *a)
{
  p[0] = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    p[i] = p[i - 1] + a[i];
}
