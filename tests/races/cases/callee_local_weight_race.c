// adrace-expect: race definite
// adrace-race: 14 w
// The intermediate w is a static local: one variable for all calls, written by all threads.
/* A helper with a local called from a parallel loop. */
#include <stdio.h>

#define LEN 2000

double xs[LEN], ys[LEN];

static double weight(double x)
{
  static double w;
  w = x * x;
  return w / (1.0 + w);
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    xs[i] = 0.001 * i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++)
    ys[i] = weight(xs[i]);
  printf("%f\n", ys[LEN - 1]);
  return 0;
}
