// adrace-expect: race-free
// NPB SP's x_solve shape: lhs_fill() loops over lines around two worksharing loops, then each factor m
// sweeps the planes forward and handles the last plane apart; every step ends with its barrier.
/* Line solver in the style of NPB SP: factors, forward sweeps over planes, a last plane. */
#include <stdio.h>

#define NX 24
#define NY 32
#define NFAC 3

static double cv[NY], rhon[NY];
static double lhs[NX][NY];
static double rhs[NFAC][NX][NY];

static void lhs_fill(void)
{
  int i, j;
  for (i = 1; i < NX - 1; i++) {
#pragma omp for
    for (j = 0; j < NY; j++) {
      cv[j] = 0.1 * i;
      rhon[j] = 1.0 + 0.01 * j;
    }
#pragma omp for
    for (j = 1; j < NY - 1; j++)
      lhs[i][j] = 2.0 + cv[j - 1] - rhon[j + 1];
  }
}

static void x_solve(void)
{
#pragma omp parallel
  {
    int m, i, j;
    lhs_fill();
    for (m = 0; m < NFAC; m++) {
      for (i = 1; i < NX - 1; i++) {
#pragma omp for
        for (j = 1; j < NY - 1; j++)
          rhs[m][i][j] = rhs[m][i][j] - rhs[m][i - 1][j] / lhs[i][j];
      }
#pragma omp for
      for (j = 1; j < NY - 1; j++)
        rhs[(m + 1) % NFAC][0][NY - 1 - j] = 0.5 * rhs[m][NX - 2][j];
    }
  }
}

int main(void)
{
  int m, i, j;
  for (m = 0; m < NFAC; m++)
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++)
        rhs[m][i][j] = 0.001 * (m + i + j);
  x_solve();
  printf("%f\n", rhs[NFAC - 1][NX - 2][NY / 2]);
  return 0;
}
