// adrace-expect: race definite
// adrace-race: 9 m
// Every iteration reads and writes the shared m (unconditional store), no reduction clause.
double reduction_max(int n, const double *a)
{
  double m = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    m = m > a[i] ? m : a[i];
  return m;
}
