// adrace-expect: race definite
// adrace-race: 9 a
// Iteration i writes a[i+1] and iteration i+1 reads a[i+1]: a true dependence across iterations.
void shift_forward(int n, double *a)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n - 1; i++)
    a[i + 1] = a[i] + 1.0;
}
