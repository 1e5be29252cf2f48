// adrace-expect: race definite
// adrace-race: 31 u
// The smoothing loop has nowait: a thread copies unew back into u[i] while another thread may
// still be reading u[i - 1] or u[i + 1] in the same sweep.
/* Time steps of Jacobi sweeps inside one parallel region. */
#include <stdio.h>

#define N 1000
#define NSTEP 4
#define NSWEEP 3

double u[N], unew[N];

static void init(void)
{
  int i;
  for (i = 0; i < N; i++)
    u[i] = (double) (i % 13);
}

int main(void)
{
  int step, sweep, i;
  init();
#pragma omp parallel private(step, sweep, i)
  {
    for (step = 0; step < NSTEP; step++) {
      for (sweep = 0; sweep < NSWEEP; sweep++) {
#pragma omp for nowait
        for (i = 1; i < N - 1; i++)
          unew[i] = 0.5 * u[i] + 0.25 * (u[i - 1] + u[i + 1]);
#pragma omp for
        for (i = 1; i < N - 1; i++)
          u[i] = unew[i];
      }
    }
  }
  printf("%f\n", u[N / 2]);
  return 0;
}
