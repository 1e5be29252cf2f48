// adrace-expect: race definite
// adrace-race: 17 block
// The helper's loop runs to k == W: thread t clears the first slot of thread t+1's block while that
// thread clears it too.
#include <omp.h>

#define MAXT 64
#define W 8

static double block[MAXT * W];

static void clear_block(int t)
{
  int k;
  if (t < MAXT - 1)
    for (k = 0; k <= W; k++)
      block[t * W + k] = 0.0;
}

void clear_all(void)
{
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    clear_block(t);
  }
}
