// adrace-expect: race-free
// local_count is threadprivate: each thread counts into its own copy and adds it to total under
// critical.
/* Per-thread counters with threadprivate. */
#include <stdio.h>

#define LEN 10000

int local_count = 0;
#pragma omp threadprivate(local_count)

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
