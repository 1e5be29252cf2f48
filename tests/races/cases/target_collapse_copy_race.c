// adrace-expect: race definite
// adrace-race: 24 grid
// grid[i][j] reads grid[i][j-1]: with collapse(2) the j iterations are parallel too, so (i, j-1)
// writes what (i, j) reads.
/* 2-D copy with a combined target construct and collapse(2). */
#include <stdio.h>

#define NX 128
#define NY 128

double grid[NX][NY], src[NX][NY];

int main(void)
{
  int i, j;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      src[i][j] = i + j;
      grid[i][j] = 1.0;
    }
#pragma omp target teams distribute parallel for collapse(2) map(to: src) map(tofrom: grid)
  for (i = 0; i < NX; i++)
    for (j = 1; j < NY; j++)
      grid[i][j] = 0.5 * grid[i][j - 1];
  printf("%f\n", grid[NX - 1][NY - 1]);
  return 0;
}
