// adrace-expect: race-free
// The producer task has depend(out: x) and the consumer depend(in: x): the consumer starts only after
// the producer has written x.
/* Producer/consumer pair of tasks ordered by a dependence. */
#include <stdio.h>

int main(void)
{
  int x = 0, y = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x) depend(out: x)
    x = 21;
#pragma omp task shared(x, y) depend(in: x)
    y = 2 * x;
  }
  printf("x = %d, y = %d\n", x, y);
  return 0;
}
