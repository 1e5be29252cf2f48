// adrace-expect: race-free
// The shifted read comes from src and the write goes to dst, two distinct arrays.
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
    dst[i] = src[i + 1] - src[i];
  printf("%f %f\n", src[LEN / 2], dst[LEN / 2]);
  return 0;
}
