// adrace-expect: race-free
// The running sum is updated inside an ordered region, which executes in iteration order, one
// iteration at a time.
/* Prefix sums with an ordered region. */
#include <stdio.h>

#define LEN 1000

double x[LEN], prefix[LEN];

int main(void)
{
  int i;
  double running = 0.0;
  for (i = 0; i < LEN; i++)
    x[i] = 1.0;
#pragma omp parallel for ordered schedule(static, 1)
  for (i = 0; i < LEN; i++) {
    double y = 2.0 * x[i]; /* the parallel part */
#pragma omp ordered
    {
      running += x[i];
      prefix[i] = running + 0.0 * y;
    }
  }
  printf("%f\n", prefix[LEN - 1]);
  return 0;
}
