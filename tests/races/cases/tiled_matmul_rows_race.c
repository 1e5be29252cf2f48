// adrace-expect: race definite
// adrace-race: 29 c
// The parallel loop is over the k tiles: every k tile accumulates into every c[i][j].
/* Tiled C += A B with ?: bounds for the edge tiles. */
#include <stdio.h>

#define NN 100
#define TS 32
#define MIN(x, y) ((x) < (y) ? (x) : (y))

double a[NN][NN], b[NN][NN], c[NN][NN];

int main(void)
{
  int ii, jj, kk, i, j, k;
  for (i = 0; i < NN; i++)
    for (j = 0; j < NN; j++) {
      a[i][j] = 1.0;
      b[i][j] = 0.5;
      c[i][j] = 0.0;
    }
#pragma omp parallel for private(ii, jj, i, j, k)
  for (kk = 0; kk < NN; kk += TS)
    for (ii = 0; ii < NN; ii += TS)
      for (jj = 0; jj < NN; jj += TS)
        for (i = ii; i < MIN(ii + TS, NN); i++)
          for (j = jj; j < MIN(jj + TS, NN); j++)
            for (k = kk; k < MIN(kk + TS, NN); k++)
              c[i][j] += a[i][k] * b[k][j];
  printf("%f\n", c[NN - 1][NN - 1]);
  return 0;
}
