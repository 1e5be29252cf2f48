// adrace-expect: race definite
// adrace-race: 8 a
// Iteration i reads a[i-1], which iteration i-1 writes.
void shift_backward(int n, double *a)
{
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = 0.5 * a[i - 1];
}
