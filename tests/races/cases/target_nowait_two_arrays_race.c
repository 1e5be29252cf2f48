// adrace-expect: race definite
// adrace-race: 26 pressure
// The host damps velocity with the pressure gradient before the taskwait: the target task may still
// be relaxing pressure (and copying it back) while the host reads it.
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
    velocity[k] = damp(velocity[k]) - pressure[k];
#pragma omp taskwait
  for (k = 0; k < NX; k++)
    check += pressure[k] + velocity[k];
  printf("check = %g\n", (double)check);
  return 0;
}
