// adrace-expect: race-free
// acc is firstprivate: each thread updates its own copy initialised from base.
void firstprivate_acc(int n, double base, double *restrict b, const double *restrict a)
{
  double acc = base;
#pragma omp parallel for firstprivate(acc)
  for (int i = 0; i < n; i++) {
    acc = 0.5 * acc + a[i];
    b[i] = acc;
  }
}
