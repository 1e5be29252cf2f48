// adrace-expect: race-free
// The reduction loop ends in an implicit barrier after which sum holds the combined value; the single
// then reads it.
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
#pragma omp for reduction(+: sum)
    for (i = 0; i < LEN; i++)
      sum += v[i];
#pragma omp single
    mean = sum / LEN;
  }
  printf("mean = %f\n", mean);
  return 0;
}
