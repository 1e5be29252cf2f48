// adrace-expect: race definite
// adrace-race: 9 s
// s += a[i] on a shared s without a reduction clause: unsynchronised read-modify-write from all iterations.
double reduction_sum(int n, const double *a)
{
  double s = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
