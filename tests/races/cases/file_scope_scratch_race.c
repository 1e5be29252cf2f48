// adrace-expect: race definite
// adrace-race: 27 scratch
// The scratch row is a file-scope array: every iteration (on every thread) writes the same scratch
// elements.
/* Row norms through a scratch row. */
#include <stdio.h>
#include <math.h>

#define NROWS 200
#define NCOLS 50

double in[NROWS][NCOLS];
double out[NROWS];
double scratch[NCOLS]; /* shared scratch row */

int main(void)
{
  int i, j;
  for (i = 0; i < NROWS; i++)
    for (j = 0; j < NCOLS; j++)
      in[i][j] = 0.1 * (i + j);
#pragma omp parallel for private(j)
  for (i = 0; i < NROWS; i++) {
    
    double s = 0.0;
    for (j = 0; j < NCOLS; j++)
      scratch[j] = in[i][j] * in[i][j];
    for (j = 0; j < NCOLS; j++)
      s += scratch[j];
    out[i] = sqrt(s);
  }
  printf("%f\n", out[NROWS - 1]);
  return 0;
}
