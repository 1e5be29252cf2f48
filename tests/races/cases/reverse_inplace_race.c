// adrace-expect: race definite
// adrace-race: 8 a
// Over the full range, iteration i writes a[i] and iteration n-1-i reads it.
void reverse_inplace(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i];
}
