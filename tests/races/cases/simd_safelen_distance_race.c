// adrace-expect: race definite
// adrace-race: 22 a
// safelen(16) allows 16 consecutive iterations to run as concurrent lanes, so iterations i and i+8
// (dependence distance 8 < 16) run together.
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
#pragma omp simd safelen(16)
  for (i = 0; i < LEN; i++)
    a[i + DIST] = a[i] * 0.5f + b[i];
  printf("%f\n", a[LEN]);
  return 0;
}
