// adrace-expect: race-free
// Every thread runs the whole loop, but over its own row: a[M*tid + k] with 0 <= k < M never meets another
// thread's row.
#include <omp.h>
#define M 16

void region_seqloop_rows(double *a)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    for (int k = 0; k < M; k++)
      a[M * tid + k] = 0.0;
  }
}
