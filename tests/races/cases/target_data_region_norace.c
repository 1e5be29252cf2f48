// adrace-expect: race-free
// The target data region only maps the arrays; each target runs one parallel loop whose iterations write their own elements.
/* Two offloaded sweeps of a 1-D heat update, with the arrays kept on the device between them. */
#include <stdio.h>

#define N 100000

static float u[N], unew[N];

void heat_steps(float r, int n)
{
  int i;
#pragma omp target data map(tofrom: u[0:N]) map(alloc: unew[0:N])
  {
#pragma omp target
#pragma omp parallel for
    for (i = 1; i < n - 1; i++)
      unew[i] = u[i] + r * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
#pragma omp target
    {
#pragma omp parallel for
      for (i = 1; i < n - 1; i++)
        u[i] = unew[i];
    }
  }
#pragma omp target update from(u[0:N])
  printf("%f\n", u[n / 2]);
}
