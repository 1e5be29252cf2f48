// adrace-expect: race definite
// adrace-race: 35 u
// The save copies the row below, memcpy(uold[r], u[r + 1], ...), while iteration r + 1 updates that
// row of u: two iterations touch u[r + 1][c], one writing.
/* Row-wise save, clear and update of a 2-D field. */
#include <stdio.h>
#include <string.h>

#define NY 128
#define NX 96

static double u[NY][NX];
static double uold[NY][NX];
static double flux[NY][NX];

static void init_field(void)
{
  int r, c;
  for (r = 0; r < NY; r++)
    for (c = 0; c < NX; c++)
      u[r][c] = 0.01 * (r + c);
}

int main(void)
{
  int r, c;
  init_field();
#pragma omp parallel for private(c)
  for (r = 0; r < NY - 1; r++) {
    memcpy(uold[r], u[r + 1], sizeof u[r]);
    memset(&flux[r][0], 0, NX * sizeof(double));
    for (c = 1; c < NX - 1; c++)
      flux[r][c] = 0.5 * (uold[r][c + 1] - uold[r][c - 1]);
    for (c = 1; c < NX - 1; c++)
      u[r][c] = uold[r][c] - 0.1 * flux[r][c];
  }
  printf("u[5][5] = %g\n", u[5][5]);
  return 0;
}
