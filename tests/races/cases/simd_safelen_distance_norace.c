// adrace-expect: race-free
// The dependence distance is 8 and safelen(8) lets at most 8 consecutive iterations run as concurrent
// lanes, so iteration i and i+8 are never in one chunk.
/* A recurrence with a fixed distance, vectorised with a safe vector length. */
#include <stdio.h>

#define LEN 1024
#define DIST 8

float a[LEN + DIST], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN + DIST; i++)
    a[i] = 1.0f;
  for (i = 0; i < LEN; i++)
    b[i] = 0.25f * i;
#pragma omp simd safelen(8)
  for (i = 0; i < LEN; i++)
    a[i + DIST] = a[i] * 0.5f + b[i];
  printf("%f\n", a[LEN]);
  return 0;
}
