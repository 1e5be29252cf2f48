// adrace-expect: race-free
// scale_rows has an orphaned omp for and is called inside a parallel region; its locals j and t are
// private to each calling thread, and row i belongs to one iteration.
/* Orphaned worksharing: the omp for is in a function called from the parallel region. */
#include <stdio.h>

#define NROWS 100
#define NCOLS 64

static void scale_rows(int n, int m, double a[n][m])
{
  int i, j;
  double t;
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
