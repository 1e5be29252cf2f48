// adrace-expect: race-free
// default(none) with every variable listed; the shared scalars n and alpha are only read.
void default_none(int n, double alpha, double *restrict y, const double *restrict x)
{
#pragma omp parallel for default(none) shared(n, alpha, x, y)
  for (int i = 0; i < n; i++)
    y[i] = alpha * x[i] + y[i];
}
