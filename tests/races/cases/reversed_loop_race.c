// adrace-expect: race definite
// adrace-race: 9 a
// Counting down, iteration i writes a[i-1], which iteration i-1 reads.
void reversed_loop(int n, double *a)
{
  int i;
#pragma omp parallel for
  for (i = n - 1; i > 0; i--)
    a[i - 1] = 0.5 * a[i];
}
