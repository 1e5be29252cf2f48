// adrace-expect: race-free
// Every thread reads and writes the shared count only between omp_set_lock and omp_unset_lock.
#include <omp.h>

int region_lock(omp_lock_t *lock)
{
  int count = 0;
#pragma omp parallel
  {
    omp_set_lock(lock);
    count = count + 1;
    omp_unset_lock(lock);
  }
  return count;
}
