// adrace-expect: race definite
// adrace-race: 11 a
// All threads write their thread number into the one shared variable a.
#include <omp.h>

int region_tid_scalar(void)
{
  int a = -1;
#pragma omp parallel
  {
    a = omp_get_thread_num();
  }
  return a;
}
