// adrace-expect: race-free
// relax_row() points a local at row i of the grid (`double *row = &grid[i * NCOL];`) and updates
// that row only; every iteration owns its row.
/* A helper that works on one row of a flattened grid through a local row pointer. */
#include <stdio.h>

#define NROW 400
#define NCOL 300
#define OMEGA 0.25

double grid[NROW * NCOL];

static int relax_row(double *g, int i, int ncol)
{
  double *row = &g[i * ncol];
  int j;
  for (j = 1; j < ncol - 1; j++)
    row[j] = row[j] + OMEGA * (row[j - 1] /* west */ - 2.0 * row[j] + row[j + 1]);
  return 0;
}

int main(void)
{
  int i, status = 0;
  for (i = 0; i < NROW * NCOL; i++)
    grid[i] = (double) (i % 17);
#pragma omp parallel for reduction(+ : status)
  for (i = 0; i < NROW; i++)
    status += relax_row(grid, i, NCOL);
  printf("%d %f\n", status, grid[NCOL + 1]);
  return 0;
}
