// adrace-expect: race-free
// Two target nowait loops run as concurrent target tasks: one scales the x coordinates, the other
// the y coordinates, so they write different arrays; the host waits for both before reading.
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
#pragma omp target teams distribute parallel for map(tofrom: ys) nowait
  for (p = 0; p < NPTS; p++)
    ys[p] = 3.0 * ys[p] - 1.0;
#pragma omp taskwait
  for (p = 0; p < NPTS; p++) {
    grid.x[p] = xs[p];
    grid.y[p] = ys[p];
    sum += grid.x[p] + grid.y[p];
  }
  printf("sum = %g\n", sum);
  return 0;
}
