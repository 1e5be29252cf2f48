// adrace-expect: race definite
// adrace-race: 10 a
// The first loop has nowait, so a thread can read a[i+1] in the second loop before another thread has written it in the first.
void nowait_shifted(int n, double *restrict a, double *restrict c, const double *restrict b)
{
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = 2.0 * b[i];
#pragma omp for
    for (int i = 0; i < n - 1; i++)
      c[i] = a[i + 1];
  }
}
