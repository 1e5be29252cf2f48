// adrace-expect: race definite
// adrace-race: 23 v
// The chunk end is MIN(lo + chunk + 1, n): one row past the next thread's first row, which both threads
// scale.
/* Hand-written block partitioning with a MIN macro, as solvers split rows by hand. */
#include <stdio.h>
#include <omp.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define NROWS 1000

static double rows[NROWS];

static void scale_rows(double *v, int n, double s)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nthreads = omp_get_num_threads();
    int chunk = (n + nthreads - 1) / nthreads;
    int lo = tid * chunk, i;
    int hi = MIN(lo + chunk + 1, n);
    for (i = lo; i < hi; i++)
      v[i] = s * v[i];
  }
}

int main(void)
{
  int i;
  for (i = 0; i < NROWS; i++)
    rows[i] = (double)i;
  scale_rows(rows, NROWS, 0.5);
  printf("%f\n", rows[NROWS - 1]);
  return 0;
}
