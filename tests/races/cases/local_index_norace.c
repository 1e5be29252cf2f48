// adrace-expect: race-free
// k = 2i+1 is odd and k-1 = 2i even: each iteration writes an odd element and reads an even one.
void local_index(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = 2 * i + 1;
    a[k] = a[k - 1] * 0.5;
  }
}
