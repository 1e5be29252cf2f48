// adrace-expect: race definite
// adrace-race: 15 next
// The helper has no barrier between the phases: thread t reads next[t + 1] while thread t + 1 may
// still be writing it.
/* Two phases separated by a barrier inside a helper (per-thread relaxation). */
#include <stdio.h>
#include <omp.h>

#define MAXT 64

double cur[MAXT], next[MAXT];

static void relax(int tid, int nthreads)
{
  next[tid] = 0.5 * cur[tid];
  cur[tid] = next[tid] + next[(tid + 1) % nthreads];
}

int main(void)
{
  int k;
  for (k = 0; k < MAXT; k++)
    cur[k] = k;
#pragma omp parallel num_threads(8)
  {
    int tid = omp_get_thread_num();
    int nthreads = omp_get_num_threads();
    relax(tid, nthreads);
  }
  printf("%f\n", cur[0]);
  return 0;
}
