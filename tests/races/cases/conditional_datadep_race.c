// adrace-expect: race possible
// adrace-race: 9 a
// Iteration i writes a[i+1] and iteration i+1 reads it whenever b[i] > 0 and b[i+1] > 0; that depends on data, so never race-free.
void conditional_datadep(int n, double *a, const double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    if (b[i] > 0.0)
      a[i + 1] = a[i];
}
