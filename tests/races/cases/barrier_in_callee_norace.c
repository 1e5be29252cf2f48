// adrace-expect: race-free
// exchange() contains an orphaned barrier; called by every thread between the writes of edge and the
// neighbour reads, it orders them.
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
      exchange();
      halo[tid] = edge[(tid + 1) % nthreads];
    }
  }
  if (phases < 0)
    log_phase();
  printf("%f\n", halo[0]);
  return 0;
}
