// adrace-expect: race definite
// adrace-race: 10 s
// Two differently named critical sections do not exclude each other, yet both update s.
double critical_names(int n, const double *a, const double *b)
{
  double s = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(sum_a)
    s += a[i];
#pragma omp critical(sum_b)
    s -= b[i];
  }
  return s;
}
