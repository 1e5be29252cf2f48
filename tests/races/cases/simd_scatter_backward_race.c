// adrace-expect: race definite
// adrace-race: 19 src
// In place, iteration i reads a[i+1], which lane i+1 writes in the same step: an anti-dependence
// between concurrent lanes.
/* Forward differences. */
#include <stdio.h>

#define LEN 1000

double src[LEN + 1], dst[LEN];

int main(void)
{
  int i;
  for (i = 0; i <= LEN; i++)
    src[i] = (double)i * i;
#pragma omp simd
  for (i = 0; i < LEN; i++)
    src[i] = src[i + 1] - src[i];
  printf("%f %f\n", src[LEN / 2], dst[LEN / 2]);
  return 0;
}
