// adrace-expect: race definite
// adrace-race: 11 a
// k is reassigned: the write uses k = i, the later read uses k = i+1, so iteration i reads a[i+1] written by iteration i+1.
void local_index_reassign(int n, double *a, double *b)
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++) {
    int k = i;
    a[k] = 2.0 * b[i];
    k = k + 1;
    b[i] = a[k];
  }
}
