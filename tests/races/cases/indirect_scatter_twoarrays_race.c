// adrace-expect: race possible
// adrace-race: 9 y
// Reads (x) and writes (y) are on different arrays, but y[c[i]] is written by every i with the same c[i].
// Unless c is known to be injective two iterations may write one element.
void indirect_scatter_twoarrays(int n, double *restrict y, const double *restrict x, const int *c)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[c[i]] = x[c[i] + 7];
}
