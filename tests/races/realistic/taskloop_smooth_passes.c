// adrace-expect: race-free
// Two smoothing passes written with taskloop inside one single: the single's own statements set the
// boundary values and the pass weights before each taskloop, and read the results after it. A
// taskloop without nogroup waits for all its tasks (an implicit taskgroup), so the first pass (writes
// tmp from u) is complete before the single's statements and the second pass (writes u from tmp) run.
// A taskgroup around the two checksum tasks waits for both before their sums are combined.
#include <stdio.h>

#define N 4096
#define GRAIN 256

static double u[N], tmp[N];

int main(void)
{
  double w_centre = 0.5, w_side = 0.25;
  double sum_lo = 0.0, sum_hi = 0.0, total = 0.0;
  int i;
  for (i = 0; i < N; i++)
    u[i] = (double)((i * 37) % 101);
#pragma omp parallel
#pragma omp single
  {
    int k;
    tmp[0] = u[0];
    tmp[N - 1] = u[N - 1];
#pragma omp taskloop grainsize(GRAIN)
    for (k = 1; k < N - 1; k++)
      tmp[k] = w_centre * u[k] + w_side * (u[k - 1] + u[k + 1]);
    /* second pass with weights that damp less */
    w_centre = 0.6;
    w_side = 0.2;
    u[0] = tmp[0];
    u[N - 1] = tmp[N - 1];
#pragma omp taskloop grainsize(GRAIN)
    for (k = 1; k < N - 1; k++)
      u[k] = w_centre * tmp[k] + w_side * (tmp[k - 1] + tmp[k + 1]);
#pragma omp taskgroup
    {
#pragma omp task shared(sum_lo)
      {
        int j;
        for (j = 0; j < N / 2; j++)
          sum_lo += u[j];
      }
#pragma omp task shared(sum_hi)
      {
        int j;
        for (j = N / 2; j < N; j++)
          sum_hi += u[j];
      }
    }
    total = sum_lo + sum_hi;
  }
  printf("u[1] %.4f u[N/2] %.4f total %.4f\n", u[1], u[N / 2], total);
  return 0;
}
