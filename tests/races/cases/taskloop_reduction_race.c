// adrace-expect: race definite
// adrace-race: 21 total
// Without the reduction clause every task adds into the one shared total.
/* Squared norm with a taskloop (OpenMP 5.0 task reductions). */
#include <stdio.h>

#define LEN 4000

float x[LEN];

int main(void)
{
  int i;
  double total = 0.0;
  for (i = 0; i < LEN; i++)
    x[i] = 0.001f * i;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop num_tasks(8)
  for (i = 0; i < LEN; i++)
    total += x[i] * x[i];
  printf("total = %f\n", total);
  return 0;
}
