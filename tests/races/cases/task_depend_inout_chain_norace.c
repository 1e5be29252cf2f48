// adrace-expect: race-free
// Three tasks update the same accumulator with depend(inout: acc): each waits for the previous one, so
// the updates are serialised in program order.
/* A chain of updates of one value, each a task. */
#include <stdio.h>

int main(void)
{
  double acc = 1.0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(acc) depend(inout: acc) /* shift */
    acc = acc + 2.0;
#pragma omp task shared(acc) depend(inout: acc) /* scale */
    acc = acc * 3.0;
#pragma omp task shared(acc) depend(inout: acc) /* shift back */
    acc = acc - 1.0;
  }
  printf("acc = %f\n", acc);
  return 0;
}
