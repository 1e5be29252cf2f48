// adrace-expect: race definite
// adrace-race: 28 xs
// The second target task was meant to scale ys but writes xs: the two target nowait tasks run
// concurrently, and nothing orders their writes of the same elements before the taskwait.
/* Two asynchronous offloads of independent halves of a mesh update. */
#include <stdio.h>

#define NPTS 1000

struct mesh { double x[NPTS], y[NPTS]; };

static struct mesh grid;
static double xs[NPTS], ys[NPTS];

int main(void)
{
  int p;
  double sum = 0.0;
  for (p = 0; p < NPTS; p++) {
    xs[p] = p * 0.5;
    ys[p] = p * 0.25;
  }
#pragma omp target teams distribute parallel for map(tofrom: xs) nowait
  for (p = 0; p < NPTS; p++)
    xs[p] = 2.0 * xs[p] + 1.0;
#pragma omp target teams distribute parallel for map(tofrom: xs) map(to: ys) nowait
  for (p = 0; p < NPTS; p++)
    xs[p] = 3.0 * ys[p] - 1.0;
#pragma omp taskwait
  for (p = 0; p < NPTS; p++) {
    grid.x[p] = xs[p];
    grid.y[p] = ys[p];
    sum += grid.x[p] + grid.y[p];
  }
  printf("sum = %g\n", sum);
  return 0;
}
