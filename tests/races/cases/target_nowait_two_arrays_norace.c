// adrace-expect: race-free
// The device relaxes the pressure field while the host scales the velocity field: the target task
// and the host touch different arrays, and the host reads pressure only after the taskwait.
/* Overlapping an offloaded relaxation with host work, C89 style. */
#include <stdio.h>

#define NX 2048
#define OMEGA 0.8f

static float pressure[NX], rhs[NX], velocity[NX];

static float damp(float v) { return 0.5f * v; }

int main(void)
{
  int k;
  float check = 0.0f;
  for (k = 0; k < NX; k++) {
    pressure[k] = 0.0f;
    rhs[k] = (float)(k % 7);
    velocity[k] = 1.0f;
  }
#pragma omp target teams distribute parallel for map(tofrom: pressure) map(to: rhs) nowait
  for (k = 0; k < NX; k++)
    pressure[k] = (1.0f - OMEGA) * pressure[k] + OMEGA * rhs[k];
  for (k = 0; k < NX; k++) /* host: the other field */
    velocity[k] = damp(velocity[k]);
#pragma omp taskwait
  for (k = 0; k < NX; k++)
    check += pressure[k] + velocity[k];
  printf("check = %g\n", (double)check);
  return 0;
}
