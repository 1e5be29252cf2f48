// adrace-expect: race-free
// Indirect reads only (x[c[i]+7]); the write y[i] is direct, so each element has one writer.
void indirect_gather(int n, double *restrict y, const double *restrict x, const int *c)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = x[c[i] + 7];
}
