// adrace-expect: race-free
// reduction(+: sum) on the combined construct combines the teams' partial sums.
/* Sum of a vector with teams (one thread each). */
#include <stdio.h>

#define LEN 4096

double v[LEN];

int main(void)
{
  int i;
  double sum = 0.0;
  for (i = 0; i < LEN; i++)
    v[i] = 1.0;
#pragma omp target teams distribute map(to: v[0:LEN]) map(tofrom: sum) reduction(+: sum) num_teams(4)
  for (i = 0; i < LEN; i++)
    sum += v[i];
  printf("sum = %f\n", sum);
  return 0;
}
