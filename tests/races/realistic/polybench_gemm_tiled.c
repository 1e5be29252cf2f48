// adrace-expect: race-free
// PolyBench-style GEMM, tiled by hand with ?: bounds for the edge tiles: the parallel loop is over
// row tiles ti, and C[i][j] for i in tile ti is written only by that iteration; A and B are read.
#include <stdio.h>

#define NI 120
#define NJ 110
#define NK 130
#define TILE 32

static double C[NI][NJ], A[NI][NK], B[NK][NJ];

static void kernel_gemm(int ni, int nj, int nk, double alpha, double beta)
{
  int ti, tj, tk, i, j, k;
#pragma omp parallel for private(tj, tk, i, j, k) firstprivate(alpha, beta)
  for (ti = 0; ti < ni; ti += TILE) {
    int iend = ti + TILE < ni ? ti + TILE : ni;
    for (i = ti; i < iend; i++)
      for (j = 0; j < nj; j++)
        C[i][j] *= beta;
    for (tk = 0; tk < nk; tk += TILE) {
      int kend = tk + TILE < nk ? tk + TILE : nk;
      for (tj = 0; tj < nj; tj += TILE) {
        int jend = tj + TILE < nj ? tj + TILE : nj;
        for (i = ti; i < iend; i++)
          for (k = tk; k < kend; k++) {
            double a_ik = alpha * A[i][k];
            for (j = tj; j < jend; j++)
              C[i][j] += a_ik * B[k][j];
          }
      }
    }
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NJ; j++)
      C[i][j] = (double)((i * j + 1) % NI) / NI;
  for (i = 0; i < NI; i++)
    for (j = 0; j < NK; j++)
      A[i][j] = (double)(i * (j + 1) % NK) / NK;
  for (i = 0; i < NK; i++)
    for (j = 0; j < NJ; j++)
      B[i][j] = (double)(i * (j + 2) % NJ) / NJ;
  kernel_gemm(NI, NJ, NK, 1.5, 1.2);
  printf("%f\n", C[NI - 1][NJ - 1]);
  return 0;
}
