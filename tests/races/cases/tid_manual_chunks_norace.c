// adrace-expect: race-free
// Each thread computes its own range [lo, hi) from its thread number; consecutive ranges meet but do
// not overlap.
/* Hand-written static partitioning by thread number. */
#include <stdio.h>
#include <omp.h>

#define LEN 1000

double y[LEN + 1];

int main(void)
{
  int i;
  for (i = 0; i <= LEN; i++)
    y[i] = 1.0;
#pragma omp parallel private(i)
  {
    int tid = omp_get_thread_num();
    int nt = omp_get_num_threads();
    int lo = tid * LEN / nt;
    int hi = (tid + 1) * LEN / nt;
    for (i = lo; i < hi; i++)
      y[i] = 3.0 * y[i];
  }
  printf("%f\n", y[LEN - 1]);
  return 0;
}
