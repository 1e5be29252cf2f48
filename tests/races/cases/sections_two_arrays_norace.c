// adrace-expect: race-free
// Each section fills its own array: the first writes xs, the second ys.
/* Two independent initialisations run as sections. */
#include <stdio.h>

#define LEN 1000

double xs[LEN], ys[LEN];

int main(void)
{
  int i;
#pragma omp parallel sections private(i)
  {
#pragma omp section
    for (i = 0; i < LEN; i++)
      xs[i] = 1.0 * i;
#pragma omp section
    for (i = 0; i < LEN; i++)
      ys[i] = 2.0 * i;
  }
  printf("%f %f\n", xs[LEN - 1], ys[LEN - 1]);
  return 0;
}
