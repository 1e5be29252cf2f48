// adrace-expect: race definite
// adrace-race: 21 src
// The second stage depends on `u`, not on `src`: nothing orders it after the first stage, so the
// two target tasks may run at once, one writing src[i] while the other reads it.
/* Offloaded two-stage pipeline: source term, then explicit update. */
#include <stdio.h>

#define N 4096

double src[N];
double u[N];
double unew[N];

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    u[i] = 1.0 / (i + 1);
#pragma omp target teams distribute parallel for map(from: src[0:N]) depend(out: src) nowait
  for (i = 0; i < N; i++)
    src[i] = 0.001 * i;
#pragma omp target teams distribute parallel for map(to: u[0:N], src[0:N]) map(from: unew[0:N]) depend(in: u) nowait
  for (i = 1; i < N - 1; i++)
    unew[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + src[i];
#pragma omp taskwait
  printf("unew[7] = %g\n", unew[7]);
  return 0;
}
