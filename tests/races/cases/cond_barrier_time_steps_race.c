// adrace-expect: race definite
// adrace-race: 21 cur
// The second barrier is gone: a thread still reading its neighbour's cur[] in one step races with the
// neighbour's write of the next step, which skips the block unless step % every == 0.
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
      }
    }
  }
}
