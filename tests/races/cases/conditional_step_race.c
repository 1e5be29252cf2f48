// adrace-expect: race definite
// adrace-race: 9 a
// Even iteration 0 writes a[2] and even iteration 2 reads a[2]; the guard does not separate them.
void conditional_step(int n, double *a)
{
#pragma omp parallel for
  for (int i = 0; i < n - 2; i++)
    if (i % 2 == 0)
      a[i + 2] = a[i] + 1.0;
}
