// adrace-expect: race-free
// reduction(+:s) gives each thread a private partial sum combined at the end.
double reduction_sum(int n, const double *a)
{
  double s = 0.0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
