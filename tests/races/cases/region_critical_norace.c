// adrace-expect: race-free
// Every thread adds its number to the shared total inside a critical section, and nothing else in the region
// touches total, so the updates exclude each other.
#include <omp.h>

int region_critical(void)
{
  int total = 0;
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
#pragma omp critical
    total += tid;
  }
  return total;
}
