// adrace-expect: race-free
// private(tmp) gives every thread its own tmp; each b[i] has one writer.
void private_clause(int n, double *restrict b, const double *restrict a)
{
  double tmp;
#pragma omp parallel for private(tmp)
  for (int i = 0; i < n; i++) {
    tmp = a[i] * a[i];
    b[i] = tmp + 1.0;
  }
}
