// adrace-expect: race-free
// One single drives a Jacobi sweep: a nogroup taskloop updates xnew while the single's thread clears
// the two partial sums, a taskwait ends the sweep, then two tasks sum the halves of the update.
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
#pragma omp taskwait
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
