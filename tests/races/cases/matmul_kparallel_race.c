// adrace-expect: race definite
// adrace-race: 13 c
// The parallel loop is over k, so every iteration accumulates into every c[i][j].
#define N 256
double a[N][N], b[N][N], c[N][N];

void matmul_kparallel(void)
{
#pragma omp parallel for
  for (int k = 0; k < N; k++)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        c[i][j] += a[i][k] * b[k][j];
}
