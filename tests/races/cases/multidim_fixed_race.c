// adrace-expect: race definite
// adrace-race: 13 a
// Dependence along i, the parallel dimension: row i reads row i-1 while iteration i-1 writes it.
#define N 100
#define M 200
double a[N][M];

void multidim_fixed(void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = a[i - 1][j] + 1.0;
}
