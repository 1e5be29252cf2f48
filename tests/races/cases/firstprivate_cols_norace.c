// adrace-expect: race-free
// cols is firstprivate and never changed: row i covers a[i*cols] to a[i*cols + cols - 1], disjoint
// from the other rows.
/* Row-major fill with a firstprivate row length. */
#include <stdio.h>

#define NROWS 64
#define MAXCOLS 32

double a[NROWS * MAXCOLS + 1], b[MAXCOLS];

int main(void)
{
  int i, j, cols = MAXCOLS;
  for (j = 0; j < MAXCOLS; j++)
    b[j] = 1.0 + j;
#pragma omp parallel for firstprivate(cols) private(j)
  for (i = 0; i < NROWS; i++)
    for (j = 0; j < cols; j++)
      a[i * cols + j] = b[j] * i;
  printf("%f\n", a[NROWS * MAXCOLS - 1]);
  return 0;
}
