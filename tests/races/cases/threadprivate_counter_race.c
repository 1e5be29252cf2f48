// adrace-expect: race definite
// adrace-race: 19 local_count
// Without the threadprivate directive local_count is one global shared by all threads.
/* Per-thread counters with threadprivate. */
#include <stdio.h>

#define LEN 10000

int local_count = 0;

int main(void)
{
  int i, total = 0;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < LEN; i++)
      if (i % 3 == 0)
        local_count++;
#pragma omp critical
    total += local_count;
  }
  printf("total = %d\n", total);
  return 0;
}
