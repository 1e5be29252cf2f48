// adrace-expect: race-free
// private(t) gives every lane its own temporary.
/* Squares of shifted values through a temporary. */
#include <stdio.h>

#define LEN 1000

double x[LEN], sq[LEN];

int main(void)
{
  int i;
  double t;
  for (i = 0; i < LEN; i++)
    x[i] = 0.01 * i;
#pragma omp simd private(t)
  for (i = 0; i < LEN; i++) {
    t = x[i] - 1.0;
    sq[i] = t * t;
  }
  printf("%f\n", sq[LEN - 1]);
  return 0;
}
