// adrace-expect: race-free
// PolyBench atax, y = A^T (A x), written as two parallel loops in one region: the first over rows i
// writes tmp[i]; after its implicit barrier the second over columns j writes y[j], summing down
// column j (no reduction needed: one writer per y[j]).
#include <stdio.h>

#define M 180
#define N 200

static double A[M][N], x[N], y[N], tmp[M];

static void kernel_atax(int m, int n)
{
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < m; i++) {
      double t = 0.0;
      for (j = 0; j < n; j++)
        t += A[i][j] * x[j];
      tmp[i] = t;
    }
#pragma omp for
    for (j = 0; j < n; j++) {
      double s = 0.0;
      for (i = 0; i < m; i++)
        s += A[i][j] * tmp[i];
      y[j] = s;
    }
  }
}

int main(void)
{
  int i, j;
  double fn = (double)N;
  for (i = 0; i < N; i++)
    x[i] = 1 + (i / fn);
  for (i = 0; i < M; i++)
    for (j = 0; j < N; j++)
      A[i][j] = (double)((i + j) % N) / (5 * M);
  kernel_atax(M, N);
  {
    double s = 0.0;
    for (j = 0; j < N; j++)
      s += y[j];
    printf("%f\n", s);
  }
  return 0;
}
