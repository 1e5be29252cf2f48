// adrace-expect: race-free
// The shared sum is updated inside a critical section.
double critical_sum(int n, const double *a)
{
  double s = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    s += a[i];
  }
  return s;
}
