// adrace-expect: race definite
// adrace-race: 19 u
// The sweep updates u in place: iteration i reads u[i - 1] and u[i + 1], which iterations i - 1 and i + 1 write.
/* An offloaded sweep of a 1-D heat update done in place, with the array kept on the device. */
#include <stdio.h>

#define N 100000

static float u[N];

void heat_steps(float r, int n)
{
  int i;
#pragma omp target data map(tofrom: u[0:N])
  {
#pragma omp target
#pragma omp parallel for
    for (i = 1; i < n - 1; i++)
      u[i] = u[i] + r * (u[i - 1] - 2.0f * u[i] + u[i + 1]);
  }
  printf("%f\n", u[n / 2]);
}
