// adrace-expect: race-free
// Dependence along j stays inside one row; the parallel loop is over rows i of a fixed-size 2-D array.
#define N 100
#define M 200
double a[N][M];

void multidim_fixed(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = a[i][j - 1] + 1.0;
}
