// adrace-expect: race-free
// Each thread writes only its own slot a[omp_get_thread_num()]; thread numbers are distinct.
#include <omp.h>

void region_tid_array(int *a)
{
#pragma omp parallel
  {
    a[omp_get_thread_num()] = omp_get_num_threads();
  }
}
