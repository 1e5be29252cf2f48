// adrace-expect: race-free
// collapse(2) over a 2-D copy-and-scale: every (i, j) writes its own grid[i][j] and reads only src.
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
      grid[i][j] = 0.5 * src[i][j];
  printf("%f\n", grid[NX - 1][NY - 1]);
  return 0;
}
