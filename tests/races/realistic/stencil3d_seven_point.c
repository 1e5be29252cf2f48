// adrace-expect: race-free
// A 7-point 3-D heat stencil, out of place, with collapse(2) over the two outer dimensions; each
// (k, j, i) writes unew[k][j][i] once and reads u only. The time loop swaps the roles through pointers
// to whole grids after each parallel loop (outside the loop, by one thread).
#include <stdio.h>
#include <stdlib.h>

#define NZ 40
#define NY 40
#define NX 40
#define STEPS 4

typedef double grid_t[NY][NX];

static void heat_step(grid_t *restrict unew, grid_t *restrict u, double alpha)
{
  int k, j, i;
#pragma omp parallel for collapse(2) private(i) firstprivate(alpha)
  for (k = 1; k < NZ - 1; k++)
    for (j = 1; j < NY - 1; j++)
      for (i = 1; i < NX - 1; i++)
        unew[k][j][i] = u[k][j][i] +
                        alpha * (u[k - 1][j][i] + u[k + 1][j][i] + u[k][j - 1][i] + u[k][j + 1][i] +
                                 u[k][j][i - 1] + u[k][j][i + 1] - 6.0 * u[k][j][i]);
}

int main(void)
{
  grid_t *a = calloc(NZ, sizeof(grid_t)), *b = calloc(NZ, sizeof(grid_t)), *t;
  int k, j, i, s;
  if (!a || !b)
    return 1;
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++)
      for (i = 0; i < NX; i++)
        a[k][j][i] = b[k][j][i] = (k == NZ / 2 && j == NY / 2 && i == NX / 2) ? 100.0 : 0.0;
  for (s = 0; s < STEPS; s++) {
    heat_step(b, a, 0.1);
    t = a;
    a = b;
    b = t;
  }
  printf("%f\n", a[NZ / 2][NY / 2][NX / 2 + 1]);
  free(a);
  free(b);
  return 0;
}
