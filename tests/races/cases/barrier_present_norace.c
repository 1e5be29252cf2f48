// adrace-expect: race-free
// The barrier separates all writes of a from the neighbour reads; b[tid] is per thread.
#include <omp.h>

void barrier_present(double *restrict a, double *restrict b)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nt = omp_get_num_threads();
    a[tid] = (double)tid;
#pragma omp barrier
    b[tid] = a[(tid + 1) % nt];
  }
}
