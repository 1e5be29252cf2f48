// adrace-expect: race definite
// adrace-race: 16 x
// The consumer task has no depend clause, so it may read x while the producer task writes it.
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
#pragma omp task shared(x, y)
    y = 2 * x;
  }
  printf("x = %d, y = %d\n", x, y);
  return 0;
}
