// adrace-expect: race definite
// adrace-race: 12 a
// Thread t writes a[t] while thread t-1 reads a[(t-1)+1] with no barrier between them.
#include <omp.h>

void barrier_missing(double *a, double *b)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nt = omp_get_num_threads();
    a[tid] = (double)tid;
    b[tid] = a[(tid + 1) % nt];
  }
}
