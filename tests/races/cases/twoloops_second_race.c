// adrace-expect: race definite
// adrace-race: 11 a
// The first loop is race-free; the second reads a[i-1], written by iteration i-1 of the same loop.
void twoloops(int n, double *restrict a, double *restrict b)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = 2.0 * a[i];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + b[i];
}
