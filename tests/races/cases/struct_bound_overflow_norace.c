// adrace-expect: race-free
// The same sweep with the struct's sizes clamped to the grid (MIN(g->ny, NY)): whatever the struct
// says, column j stays inside its row, and iteration i writes only row i of unew.
#include <stdio.h>
#include <stdlib.h>

#define NX 64
#define NY 48
#define IDX(i, j) ((i) * (NY + 2) + (j))
#define SPARE (4 * (NY + 2))
#define MIN(a, b) ((a) < (b) ? (a) : (b))

typedef struct {
  int nx, ny;
  double *restrict u, *restrict unew;
} grid_t;

static void relax(grid_t *g)
{
  int i, j;
  int nx = MIN(g->nx, NX), ny = MIN(g->ny, NY);
#pragma omp parallel for private(j)
  for (i = 1; i <= nx; i++)
    for (j = 1; j <= ny; j++)
      g->unew[IDX(i, j)] = 0.25 * (g->u[IDX(i - 1, j)] + g->u[IDX(i + 1, j)] + g->u[IDX(i, j - 1)] +
                                   g->u[IDX(i, j + 1)]);
}

int main(void)
{
  grid_t g;
  int k;
  double sum = 0.0;
  g.nx = NX;
  g.ny = NY + 3;
  g.u = calloc((NX + 2) * (NY + 2) + SPARE, sizeof(double));
  g.unew = calloc((NX + 2) * (NY + 2) + SPARE, sizeof(double));
  if (!g.u || !g.unew)
    return 1;
  for (k = 0; k < (NX + 2) * (NY + 2) + SPARE; k++)
    g.u[k] = (double)(k % 7);
  relax(&g);
  for (k = 0; k < (NX + 2) * (NY + 2); k++)
    sum += g.unew[k];
  printf("%f\n", sum);
  free(g.u);
  free(g.unew);
  return 0;
}
