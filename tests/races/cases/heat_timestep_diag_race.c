// adrace-expect: race definite
// adrace-race: 48 u
// Twin of realistic/heat_timestep_diag.c with nowait on the second sweep: a thread that finishes
// starts the next step's first sweep and reads u[i - 1], u[i + 1] that a neighbour still writes.
#include <stdio.h>

#define NX 2048
#define NSTEPS 60
#define DIAG_EVERY 10
#define ALPHA 0.4

static double u[NX], v[NX];
static double hist_max[NSTEPS / DIAG_EVERY + 1], hist_mean[NSTEPS / DIAG_EVERY + 1];

static void record(int slot, const double *field, int n)
{
  double m = field[0], s = 0.0;
  int i;
  for (i = 0; i < n; i++) {
    if (field[i] > m)
      m = field[i];
    s += field[i];
  }
  hist_max[slot] = m;
  hist_mean[slot] = s / n;
}

int main(void)
{
  int i, k;
  for (i = 0; i < NX; i++)
    u[i] = v[i] = (i > NX / 3 && i < 2 * NX / 3) ? 100.0 : 0.0;
#pragma omp parallel private(i)
  {
    int step;
    for (step = 0; step < NSTEPS; step++) {
      if (step % DIAG_EVERY == 0) {
        /* the previous step's loop ended in a barrier; this one orders the diagnostics after it */
#pragma omp barrier
#pragma omp single
        record(step / DIAG_EVERY, u, NX);
      }
#pragma omp for
      for (i = 1; i < NX - 1; i++)
        v[i] = u[i] + ALPHA * (u[i - 1] - 2.0 * u[i] + u[i + 1]);
#pragma omp for nowait
      for (i = 1; i < NX - 1; i++)
        u[i] = v[i] + ALPHA * (v[i - 1] - 2.0 * v[i] + v[i + 1]);
    }
  }
  for (k = 0; k < NSTEPS / DIAG_EVERY; k++)
    printf("step %3d max %.4f mean %.4f\n", k * DIAG_EVERY, hist_max[k], hist_mean[k]);
  return 0;
}
