// adrace-expect: race-free
// Row i's first element gets row i's last: u[i * cols] never equals u[i' * cols + cols - 1] for
// rows in bounds. Only a row length of -1 (a negative subscript) would make them meet.
/* Periodic rows: copies each row's last value into its first. */
#include <stdio.h>

#define ROWS 64
#define COLS 32

double u[ROWS * COLS];

static void wrap_rows(double *v, int rows, int cols)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < rows; i++)
    v[i * cols] = v[i * cols + cols - 1];
}

int main(void)
{
  int k;
  for (k = 0; k < ROWS * COLS; k++) u[k] = k;
  wrap_rows(u, ROWS, COLS);
  printf("%f\n", u[COLS]);
  return 0;
}
