// adrace-expect: race-free
// Each thread packs its own rows [lo, hi) into its own slots of the output, stepping the row and
// the slot together with a comma-list counter.
/* Hand-partitioned packing, C89 style: counters at the top, a MIN macro, a comma-list loop. */
#include <stdio.h>
#include <omp.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define NROWS 1000

static double field[NROWS];
static double packed[NROWS];

static void pack_scaled(const double *v, double *out, int n, double s)
{
#pragma omp parallel
  {
    int tid, nthreads, chunk, lo, hi, i, k;
    tid = omp_get_thread_num();
    nthreads = omp_get_num_threads();
    chunk = (n + nthreads - 1) / nthreads;
    lo = tid * chunk;
    hi = MIN(lo + chunk, n);
    for (i = lo, k = tid * chunk; i < hi; i++, k++)
      out[k] = s * v[i]; /* slot k follows row i */
  }
}

int main(void)
{
  int i;
  for (i = 0; i < NROWS; i++)
    field[i] = (double)i;
  pack_scaled(field, packed, NROWS, 0.5);
  printf("%f\n", packed[NROWS - 1]);
  return 0;
}
