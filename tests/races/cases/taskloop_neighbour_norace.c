// adrace-expect: race-free
// The taskloop writes b[i] from a[i] and a[i+1]; a is only read, so tasks holding different chunks
// never conflict.
/* Averaging neighbours with a taskloop. */
#include <stdio.h>

#define LEN 1024

double a[LEN + 1], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i <= LEN; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(64)
  for (i = 0; i < LEN; i++)
    b[i] = 0.5 * (a[i] + a[i + 1]);
  printf("%f %f\n", a[LEN / 2], b[LEN / 2]);
  return 0;
}
