// adrace-expect: race-free
// Each thread sums its own block of data in record() and adds the sum and the block's size into the
// shared totals through add_sample(), two calls down, whose update is atomic.
/* Per-thread partial sums folded into a shared tally by a helper of a helper. */
#include <stdio.h>
#include <omp.h>

#define N 10000

static double data[N];

/* fold one value into a slot of the tally */
static void add_sample(double *acc, int slot, double v)
{
#pragma omp atomic
  acc[slot] += v;
}

/* sum x[lo..hi) and fold it into the tally */
static void record(double *acc, const double *x, int lo, int hi)
{
  int k;
  double s = 0.0;
  for (k = lo; k < hi; k++)
    s += x[k];
  add_sample(acc, 0, s);
  add_sample(acc, 1, (double)(hi - lo));
}

int main(void)
{
  double totals[2] = {0.0, 0.0};
  int i;
  for (i = 0; i < N; i++) data[i] = 0.5 * i;
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nth = omp_get_num_threads();
    int lo = (int)((long)N * tid / nth);
    int hi = (int)((long)N * (tid + 1) / nth);
    record(totals, data, lo, hi);
  }
  printf("mean = %g\n", totals[0] / totals[1]);
  return 0;
}
