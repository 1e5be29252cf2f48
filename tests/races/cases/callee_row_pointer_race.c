// adrace-expect: race definite
// adrace-race: 30 grid
// The helper's loop runs to `j <= ncol`, one element past its row: the first element of row i + 1
// is written by iterations i and i + 1.
/* A helper that works on one row of a flattened grid through a local row pointer. */
#include <stdio.h>

#define NROW 400
#define NCOL 300
#define OMEGA 0.25

double grid[NROW * NCOL + 1];

static int relax_row(double *g, int i, int ncol)
{
  double *row = &g[i * ncol];
  int j;
  for (j = 0; j <= ncol; j++)
    row[j] = row[j] * OMEGA;
  return 0;
}

int main(void)
{
  int i, status = 0;
  for (i = 0; i < NROW * NCOL + 1; i++)
    grid[i] = (double) (i % 17);
#pragma omp parallel for reduction(+ : status)
  for (i = 0; i < NROW; i++)
    status += relax_row(grid, i, NCOL);
  printf("%d %f\n", status, grid[NCOL + 1]);
  return 0;
}
