// adrace-expect: race definite
// adrace-race: 24 x
// With nogroup the single's thread goes on while the tasks still read x: overwriting x races with them.
#include <omp.h>

#define N 4096
#define BINS 32

static float x[N], y[N];
static int hist[BINS];

void scale_and_reset(float alpha)
{
  float scale;
#pragma omp parallel
#pragma omp single
  {
    int i, b;
    scale = alpha / (float) N;
#pragma omp taskloop grainsize(256) nogroup
    for (i = 0; i < N; i++)
      y[i] = scale * x[i];   /* scale is shared: written before the tasks exist */
    for (b = 0; b < BINS; b++)
      x[b] = (float) hist[b];
  }
}
