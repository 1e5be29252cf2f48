// adrace-expect: race definite
// adrace-race: 22 y
// y[i] now reads y[i - 1], which iteration i-1 writes: a loop-carried dependence in the offloaded
// parallel loop.
/* y = y + alpha * x on the device (or on the host without one). */
#include <stdio.h>

#define LEN 2000

float x[LEN], y[LEN];

int main(void)
{
  int i;
  float alpha = 2.0f;
  for (i = 0; i < LEN; i++) {
    x[i] = 1.0f;
    y[i] = 0.5f * i;
  }
#pragma omp target parallel for map(to: x[0:LEN]) map(tofrom: y[0:LEN]) firstprivate(alpha)
  for (i = 1; i < LEN; i++)
    y[i] = y[i - 1] + alpha * x[i];
  printf("%f\n", y[LEN - 1]);
  return 0;
}
