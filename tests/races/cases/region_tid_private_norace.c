// adrace-expect: race-free
// tid is private to each thread, and a[tid] is a distinct slot per thread.
#include <omp.h>

void region_tid_private(double *a)
{
  int tid;
#pragma omp parallel private(tid)
  {
    tid = omp_get_thread_num();
    a[tid] = 2.0 * tid;
  }
}
