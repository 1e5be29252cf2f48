// adrace-expect: race definite
// adrace-race: 8 x
// 1-D Gauss-Seidel sweep: x[i] uses the new x[i-1] and old x[i+1], both written by neighbouring iterations.
void gauss_seidel(int n, double *x, const double *b)
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    x[i] = 0.5 * (b[i] + x[i - 1] + x[i + 1]);
}
