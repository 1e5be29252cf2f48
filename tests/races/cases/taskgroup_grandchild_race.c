// adrace-expect: race definite
// adrace-race: 28 result
// taskwait waits only for child tasks, not for their descendants: the grandchild that writes result
// may still run when result is read.
/* A task that creates another task: what does the parent wait for? */
#include <stdio.h>

#define WORK 200000

int main(void)
{
  int result = 0;
  double busy = 0.0;
#pragma omp parallel
#pragma omp single
  {
    {
#pragma omp task shared(result, busy)
      {
        int k;
#pragma omp task shared(result)
        result = 42; /* the grandchild does the real work */
        for (k = 0; k < WORK; k++) /* meanwhile, something else */
          busy += 1.0 / (k + 1);
      }
#pragma omp taskwait
    }
    printf("result = %d (%f)\n", result, busy);
  }
  return 0;
}
