// adrace-expect: race definite
// adrace-race: 24 sum
// With nowait the reduction's result is only guaranteed after a later barrier: the single reads sum
// while other threads are still combining into it.
/* Mean of an array: reduction, then one thread uses the result. */
#include <stdio.h>

#define LEN 4000

double v[LEN];

int main(void)
{
  int i;
  double sum = 0.0, mean = 0.0;
  for (i = 0; i < LEN; i++)
    v[i] = i % 10;
#pragma omp parallel
  {
#pragma omp for reduction(+: sum) nowait
    for (i = 0; i < LEN; i++)
      sum += v[i];
#pragma omp single
    mean = sum / LEN;
  }
  printf("mean = %f\n", mean);
  return 0;
}
