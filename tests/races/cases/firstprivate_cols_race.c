// adrace-expect: race definite
// adrace-race: 21 a
// The row stride is cols - 1 while a row still has cols elements: the last element of row i,
// a[i*(cols-1) + cols-1], is the first element of row i+1.
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
      a[i * (cols - 1) + j] = b[j] * i;
  printf("%f\n", a[NROWS * MAXCOLS - 1]);
  return 0;
}
