// adrace-expect: race-free
// PolyBench syrk (lower triangle): row i updates C[i][0..i] only, with a triangular inner bound j <= i;
// the parallel loop is over rows, A is read only, and the scaling by beta uses the same triangle.
#include <stdio.h>

#define M 120
#define N 100

static double C[N][N], A[N][M];

static void kernel_syrk(int n, int m, double alpha, double beta)
{
  int i, j, k;
#pragma omp parallel for private(j, k) schedule(dynamic, 4)
  for (i = 0; i < n; i++) {
    for (j = 0; j <= i; j++)
      C[i][j] *= beta;
    for (k = 0; k < m; k++)
      for (j = 0; j <= i; j++)
        C[i][j] += alpha * A[i][k] * A[j][k];
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      A[i][j] = (double)((i * j + 1) % N) / N;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      C[i][j] = (double)((i * j + 2) % M) / M;
  kernel_syrk(N, M, 1.5, 1.2);
  {
    double s = 0.0;
    for (i = 0; i < N; i++)
      for (j = 0; j <= i; j++)
        s += C[i][j];
    printf("%f\n", s);
  }
  return 0;
}
