// adrace-expect: race-free
// reduction(+:s) on the parallel region gives every thread its own s, combined when the region ends.
#include <omp.h>

int region_reduction(void)
{
  int s = 0;
#pragma omp parallel reduction(+ : s)
  {
    s += omp_get_thread_num();
  }
  return s;
}
