// adrace-expect: race-free
// The shared sum is updated under omp atomic.
double atomic_sum(int n, const double *a)
{
  double s = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    s += a[i];
  }
  return s;
}
