// adrace-expect: race definite
// adrace-race: 24 unew
// The host sums unew before the taskwait: the target task, deferred by nowait, may still be
// writing unew (and copying it back) while the host reads it.
/* Asynchronous offload of a smoothing sweep overlapped with host work. */
#include <stdio.h>

#define N 4096

static double u[N], unew[N], forcing[N];

static double host_forcing(int k) { return 1.0 / (1.0 + k); }

int main(void)
{
  int i;
  double total = 0.0;
  for (i = 0; i < N; i++) u[i] = unew[i] = (double)(i % 17);
#pragma omp target teams distribute parallel for map(to: u) map(tofrom: unew) nowait
  for (i = 1; i < N - 1; i++)
    unew[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
  /* host work while the device smooths */
  for (i = 0; i < N; i++)
    forcing[i] = host_forcing(i) + unew[i];
#pragma omp taskwait
  for (i = 0; i < N; i++)
    total += unew[i] + forcing[i];
  printf("total = %g\n", total);
  return 0;
}
