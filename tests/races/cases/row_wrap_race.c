// adrace-expect: race definite
// adrace-race: 17 v
// Row i's first element gets the next row's first: iteration i reads what iteration i + 1 writes.
/* Periodic rows: copies each row's last value into its first (wrongly: the next row's first). */
#include <stdio.h>

#define ROWS 64
#define COLS 32

double u[ROWS * COLS];

static void wrap_rows(double *v, int rows, int cols)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < rows - 1; i++)
    v[i * cols] = v[i * cols + cols];
}

int main(void)
{
  int k;
  for (k = 0; k < ROWS * COLS; k++) u[k] = k;
  wrap_rows(u, ROWS, COLS);
  printf("%f\n", u[COLS]);
  return 0;
}
