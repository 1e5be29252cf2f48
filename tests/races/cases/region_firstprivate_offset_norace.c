// adrace-expect: race-free
// off is firstprivate and never changed, so every thread has the same off and writes its own slot
// a[off + thread number].
#include <omp.h>

void region_firstprivate_offset(double *a, int off)
{
#pragma omp parallel firstprivate(off)
  {
    a[off + omp_get_thread_num()] = 1.0;
  }
}
