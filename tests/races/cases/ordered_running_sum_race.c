// adrace-expect: race definite
// adrace-race: 21 running
// Without the ordered directive, iterations update the shared running sum concurrently.
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
    {
      running += x[i];
      prefix[i] = running + 0.0 * y;
    }
  }
  printf("%f\n", prefix[LEN - 1]);
  return 0;
}
