// adrace-expect: race-free
// A 6-deep tiled triple matrix product D = (A B) C in two phases: T = A B, then D = T C. Each phase is
// parallel over row tiles ii with min() bounds; rows of T (and of D) in tile ii have one writer, and
// the implicit barrier after the first phase completes T before the second reads it.
#include <stdio.h>

#define N 96
#define BS 16
#define min(a, b) ((a) < (b) ? (a) : (b))

static float A[N][N], B[N][N], C[N][N], T[N][N], D[N][N];

static void triple_product(int n)
{
  int ii, jj, kk, i, j, k;
#pragma omp parallel private(ii, jj, kk, i, j, k)
  {
#pragma omp for schedule(static)
    for (ii = 0; ii < n; ii += BS)
      for (jj = 0; jj < n; jj += BS)
        for (kk = 0; kk < n; kk += BS)
          for (i = ii; i < min(ii + BS, n); i++)
            for (j = jj; j < min(jj + BS, n); j++) {
              float acc = (kk == 0) ? 0.0f : T[i][j];
              for (k = kk; k < min(kk + BS, n); k++)
                acc += A[i][k] * B[k][j];
              T[i][j] = acc;
            }
#pragma omp for schedule(static)
    for (ii = 0; ii < n; ii += BS)
      for (jj = 0; jj < n; jj += BS)
        for (kk = 0; kk < n; kk += BS)
          for (i = ii; i < min(ii + BS, n); i++)
            for (j = jj; j < min(jj + BS, n); j++) {
              float acc = (kk == 0) ? 0.0f : D[i][j];
              for (k = kk; k < min(kk + BS, n); k++)
                acc += T[i][k] * C[k][j];
              D[i][j] = acc;
            }
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      A[i][j] = (i == j) ? 2.0f : 0.0f;
      B[i][j] = 1.0f / (1 + i + j);
      C[i][j] = (float)((i + 2 * j) % 5);
    }
  triple_product(N);
  printf("%f\n", D[N - 1][N - 1]);
  return 0;
}
