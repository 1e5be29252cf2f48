// adrace-expect: race-free
// The region calls two helpers whose orphaned loops work on the arrays passed to them: scale()
// writes u through p, then smooth() reads u through src; the implicit barrier at the end of
// scale's loop orders every write of u before the reads of its neighbours.
/* A damped smoothing step written with library-style helpers taking arrays as parameters. */
#include <stdio.h>

#define N 2000

static double u[N], v[N];

static void scale(double *p, int n, double factor)
{
  int i;
#pragma omp for
  for (i = 0; i < n; i++)
    p[i] = factor * p[i];
}

static void smooth(const double *restrict src, double *restrict dst, int n)
{
  int i;
#pragma omp for
  for (i = 1; i < n - 1; i++)
    dst[i] = 0.5 * (src[i - 1] + src[i + 1]);
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++) u[i] = (double)(i % 7);
#pragma omp parallel
  {
    scale(u, N, 0.9);
    smooth(u, v, N);
  }
  printf("v[1] = %g\n", v[1]);
  return 0;
}
