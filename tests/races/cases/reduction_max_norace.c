// adrace-expect: race-free
// reduction(max:m) makes m private per thread and combines the maxima.
double reduction_max(int n, const double *a)
{
  double m = a[0];
#pragma omp parallel for reduction(max:m)
  for (int i = 1; i < n; i++)
    if (a[i] > m)
      m = a[i];
  return m;
}
