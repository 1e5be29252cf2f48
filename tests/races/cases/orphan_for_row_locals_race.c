// adrace-expect: race definite
// adrace-race: 18 t
// The temporary t is now a file-scope variable, shared by all threads that run scale_rows.
/* Orphaned worksharing: the omp for is in a function called from the parallel region. */
#include <stdio.h>

#define NROWS 100
#define NCOLS 64

double t; /* scratch */

static void scale_rows(int n, int m, double a[n][m])
{
  int i, j;
#pragma omp for
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = a[i][j];
      a[i][j] = 0.5 * t;
    }
}

double grid[NROWS][NCOLS];

int main(void)
{
  int i, j;
  for (i = 0; i < NROWS; i++)
    for (j = 0; j < NCOLS; j++)
      grid[i][j] = i * j;
#pragma omp parallel
  scale_rows(NROWS, NCOLS, grid);
  printf("%f\n", grid[NROWS - 1][NCOLS - 1]);
  return 0;
}
