// adrace-expect: race possible
// adrace-race: 8 a
// a[idx[i]] may be the element a[i'] that another iteration writes, depending on the contents of idx.
void indirect_samearray(int n, double *a, const int *idx)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0.5 * a[idx[i]];
}
