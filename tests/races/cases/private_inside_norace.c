// adrace-expect: race-free
// tmp is declared inside the loop body, so it is private by C scoping.
void private_inside(int n, double *restrict b, const double *restrict a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double tmp = a[i] * a[i];
    b[i] = tmp + 1.0;
  }
}
