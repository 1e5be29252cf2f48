// adrace-expect: race-free
// Each thread clears its own block of W slots in a helper; the helper's counter k stays in [0, W), so
// the blocks of two threads never meet.
#include <omp.h>

#define MAXT 64
#define W 8

static double block[MAXT * W];

static void clear_block(int t)
{
  int k;
  if (t < MAXT - 1)
    for (k = 0; k < W; k++)
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
