// adrace-expect: race definite
// adrace-race: 13 count
// The increment of count is atomic, but the plain read of count right after it is not: with no barrier between
// them, a thread reads count while another thread's atomic update writes it.
#include <omp.h>

void region_atomic_read(int *seen)
{
  int count = 0;
#pragma omp parallel
  {
#pragma omp atomic
    count += 1;
    seen[omp_get_thread_num()] = count;
  }
}
