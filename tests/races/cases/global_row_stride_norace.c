// adrace-expect: race-free
// Row tiles of a grid whose rows are `stride` apart (a global) while `cols` columns are read:
// the columns stop below the stride too (MIN(cols, stride)), so every tile writes its own rows.
#include <stdio.h>
#include <stdlib.h>

#define ROWS 64
#define COLS 64
#define BS 16
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define IDX(r, c) ((r) * stride + (c))

int rows, cols, stride;

static void update(double *result, const double *temp)
{
  int rr, r, c;
#pragma omp parallel for private(r, c)
  for (rr = 0; rr < rows; rr += BS)
    for (r = rr; r < MIN(rr + BS, rows); r++)
      for (c = 0; c < MIN(cols, stride); c++)
        result[IDX(r, c)] = 0.5 * temp[r * cols + c];
}

int main(void)
{
  double *temp = malloc(ROWS * COLS * sizeof(double)), *result = calloc(ROWS * COLS, sizeof(double));
  double sum = 0.0;
  int k;
  if (!temp || !result)
    return 1;
  rows = ROWS;
  cols = COLS;
  stride = COLS / 2;
  for (k = 0; k < ROWS * COLS; k++)
    temp[k] = (double)(k % 11);
  update(result, temp);
  for (k = 0; k < ROWS * COLS; k++)
    sum += result[k];
  printf("%f\n", sum);
  free(temp);
  free(result);
  return 0;
}
