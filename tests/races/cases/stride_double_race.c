// adrace-expect: race definite
// adrace-race: 8 a
// Iteration 1 writes a[2] while iteration 2 reads a[2] (write index 2i meets read index i').
void stride_double(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i] = a[i] + 1.0;
}
