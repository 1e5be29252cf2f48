// adrace-expect: race definite
// adrace-race: 25 x
// The product is written back into x, which every other iteration reads in its inner loop.
/* y = A x with teams distribute parallel for. */
#include <stdio.h>

#define NR 256
#define NC 256

double mat[NR][NC], x[NC], y[NR];

int main(void)
{
  int i, j;
  for (i = 0; i < NR; i++)
    for (j = 0; j < NC; j++)
      mat[i][j] = (i == j) ? 2.0 : 0.001;
  for (j = 0; j < NC; j++)
    x[j] = 1.0;
#pragma omp target teams distribute parallel for map(to: mat, x) map(from: y) num_teams(2) private(j)
  for (i = 0; i < NR; i++) {
    double s = 0.0;
    for (j = 0; j < NC; j++)
      s += mat[i][j] * x[j];
    x[i] = s;
  }
  printf("%f %f\n", x[0], y[NR - 1]);
  return 0;
}
