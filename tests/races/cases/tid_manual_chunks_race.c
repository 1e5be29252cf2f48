// adrace-expect: race definite
// adrace-race: 25 y
// hi is one past the next thread's lo, so the last element of each range is also the first of the next
// thread's range.
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
    int hi = (tid + 1) * LEN / nt + 1;
    for (i = lo; i < hi; i++)
      y[i] = 3.0 * y[i];
  }
  printf("%f\n", y[LEN - 1]);
  return 0;
}
