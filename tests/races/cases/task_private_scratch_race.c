// adrace-expect: race definite
// adrace-race: 26 tmp
// tmp is declared outside the parallel region, so it is shared in the region and (by default) in each
// task: all tasks write the one tmp.
/* Row normalisation, one task per row, with a scratch scalar. */
#include <stdio.h>

#define NROWS 32
#define NCOLS 64

double rows[NROWS][NCOLS];

int main(void)
{
  int r, c;
  double tmp;
  for (r = 0; r < NROWS; r++)
    for (c = 0; c < NCOLS; c++)
      rows[r][c] = r + c + 1.0;
#pragma omp parallel
#pragma omp single
  for (r = 0; r < NROWS; r++) {
#pragma omp task firstprivate(r)
    {
      int k;
      tmp = rows[r][0];
      for (k = 0; k < NCOLS; k++)
        rows[r][k] /= tmp;
    }
  }
  printf("%f\n", rows[NROWS - 1][NCOLS - 1]);
  return 0;
}
