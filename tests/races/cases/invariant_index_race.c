// adrace-expect: race definite
// adrace-race: 8 a
// The write index k does not depend on i, so every iteration writes the same element a[k].
void invariant_index(int n, int k, double *a, const double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[k] = b[i];
}
