// adrace-expect: race-free
// Two offloaded stages run as target tasks (nowait): the first fills the source term, the second
// reads it; depend(out: src) on the first and depend(in: src) on the second order the second after
// the first, and the host only reads the result after the taskwait.
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
#pragma omp target teams distribute parallel for map(to: u[0:N], src[0:N]) map(from: unew[0:N]) depend(in: src) nowait
  for (i = 1; i < N - 1; i++)
    unew[i] = u[i] + 0.25 * (u[i - 1] - 2.0 * u[i] + u[i + 1]) + src[i];
#pragma omp taskwait
  printf("unew[7] = %g\n", unew[7]);
  return 0;
}
