// adrace-expect: race definite
// adrace-race: 11 a
// Iteration i reads a[i+64], which iteration i+64 writes (N = 1024 > 64, so both iterations exist).
#define N 1024
double a[N + 64];

void offset64(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    a[i] = a[i + 64] + 1.0;
}
