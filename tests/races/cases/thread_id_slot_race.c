// adrace-expect: race definite
// adrace-race: 15 partial
// Twin of thread_id_slot_norace.c: pairs of threads share a slot (tid / 2), so two threads
// update partial[0] at the same time.
#include <omp.h>
#define MAXT 256

void partial_sums(int n, const double *a, double partial[MAXT])
{
#pragma omp parallel
  {
    int i;
    int tid = omp_get_thread_num();
#pragma omp for
    for (i = 0; i < n; i++) partial[tid / 2] += a[i];
  }
}
