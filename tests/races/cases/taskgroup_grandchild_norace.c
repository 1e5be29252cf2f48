// adrace-expect: race-free
// The taskgroup waits for the task and for the task it creates (all descendants), so the read of
// result after the group sees the grandchild's write.
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
#pragma omp taskgroup
    {
#pragma omp task shared(result, busy)
      {
        int k;
#pragma omp task shared(result)
        result = 42; /* the grandchild does the real work */
        for (k = 0; k < WORK; k++) /* meanwhile, something else */
          busy += 1.0 / (k + 1);
      }
    }
    printf("result = %d (%f)\n", result, busy);
  }
  return 0;
}
