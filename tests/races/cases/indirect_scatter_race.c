// adrace-expect: race possible
// adrace-race: 8 a
// a[idx[i]] += b[i]: two iterations with equal idx values update the same element; nothing is known about idx.
void indirect_scatter(int n, double *a, const int *idx, const double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[idx[i]] += b[i];
}
