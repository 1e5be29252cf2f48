// adrace-expect: race definite
// adrace-race: 27 xnew
// Twin of taskloop_residual_tasks_norace.c without the taskwait after the nogroup taskloop: the two
// summing tasks read xnew while the taskloop's tasks may still write it.
#include <stdio.h>
#include <math.h>

#define N 2048
#define GRAIN 128

static double x[N], xnew[N], rhs[N];

int main(void)
{
  double part_lo, part_hi, resid = 0.0;
  int i;
  for (i = 0; i < N; i++) {
    x[i] = 0.0;
    rhs[i] = 1.0 / (1.0 + i);
  }
#pragma omp parallel
#pragma omp single
  {
    int k;
#pragma omp taskloop grainsize(GRAIN) nogroup
    for (k = 1; k < N - 1; k++)
      xnew[k] = 0.5 * (x[k - 1] + x[k + 1] + rhs[k]);
    part_lo = 0.0; /* the tasks above never touch the partial sums */
    part_hi = 0.0;
#pragma omp task shared(part_lo)
    {
      int j;
      for (j = 1; j < N / 2; j++)
        part_lo += fabs(xnew[j] - x[j]);
    }
#pragma omp task shared(part_hi)
    {
      int j;
      for (j = N / 2; j < N - 1; j++)
        part_hi += fabs(xnew[j] - x[j]);
    }
#pragma omp taskwait
    resid = part_lo + part_hi;
  }
  printf("residual %.6e\n", resid);
  return 0;
}
