// adrace-expect: race definite
// adrace-race: 34 edge
// The call is now to log_phase(), which has no barrier: a thread reads its neighbour's edge slot while
// the neighbour may still be writing it.
/* Halo exchange between threads, synchronised inside a helper. */
#include <stdio.h>
#include <omp.h>

#define MAXT 64

double edge[MAXT], halo[MAXT];
int phases = 0;

void exchange(void)
{
#pragma omp barrier
}

void log_phase(void)
{
#pragma omp atomic
  phases++;
}

int main(void)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nthreads = omp_get_num_threads();
    if (tid < MAXT && nthreads <= MAXT) {
      edge[tid] = 10.0 * tid;
      log_phase();
      halo[tid] = edge[(tid + 1) % nthreads];
    }
  }
  if (phases < 0)
    log_phase();
  printf("%f\n", halo[0]);
  return 0;
}
