// adrace-expect: race-free
// A reversed copy into a separate array: each b[i] has one writer, a is only read.
void reversed_loop(int n, double *restrict b, const double *restrict a)
{
  int i;
#pragma omp parallel for
  for (i = n - 1; i >= 0; i--)
    b[i] = a[n - 1 - i];
}
