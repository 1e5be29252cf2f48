// adrace-expect: race-free
// The loop index i is private to the thread running the single, and a task's copy of it is
// firstprivate by default, so every task writes its own a[i].
/* One task per element, created in a loop. */
#include <stdio.h>

#define LEN 64

int a[LEN];

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    int i;
    for (i = 0; i < LEN; i++)
#pragma omp task
      a[i] = i * i;
  }
  printf("a[%d] = %d\n", LEN - 1, a[LEN - 1]);
  return 0;
}
