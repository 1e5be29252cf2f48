// adrace-expect: race-free
// The loop-carried p[i+1] = p[i] + ... sits in an ordered region, which runs in iteration order and synchronises the iterations.
void ordered_prefix(int n, double *restrict p, const double *restrict a)
{
#pragma omp parallel for ordered
  for (int i = 0; i < n - 1; i++) {
    double v = a[i] * a[i];
#pragma omp ordered
    p[i + 1] = p[i] + v;
  }
}
