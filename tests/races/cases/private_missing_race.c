// adrace-expect: race definite
// adrace-race: 9 tmp
// tmp is declared outside the loop and not private, so all threads write the one shared tmp.
void private_missing(int n, double *b, const double *a)
{
  double tmp;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    tmp = a[i] * a[i];
    b[i] = tmp + 1.0;
  }
}
