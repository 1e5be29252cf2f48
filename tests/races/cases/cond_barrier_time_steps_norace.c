// adrace-expect: race-free
// Every `every`-th step the threads compare with their neighbour between two barriers, both under the
// same condition: the reads of cur[] are fenced from the writes of this step and of the next one.
#include <omp.h>

#define MAXT 64

static double cur[MAXT], diff[MAXT];

void ring_steps(int steps, int every, double rate)
{
#pragma omp parallel firstprivate(steps, every, rate)
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    int step;
    for (step = 0; step < steps; step++) {
      if (tid < MAXT && nt <= MAXT) cur[tid] = cur[tid] * rate + 1.0;
      if (every > 0 && step % every == 0) {
#pragma omp barrier
        if (tid < MAXT && nt <= MAXT) diff[tid] = cur[(tid + 1) % nt] - cur[tid];
#pragma omp barrier
      }
    }
  }
}
