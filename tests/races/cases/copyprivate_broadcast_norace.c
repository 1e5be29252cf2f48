// adrace-expect: race-free
// One thread reads the tolerance in the single and copyprivate broadcasts it into every thread's
// private tol before the threads leave the single.
/* Broadcasting a value read by one thread with copyprivate. */
#include <stdio.h>
#include <omp.h>

#define LEN 1000

double resid[LEN];
int below[64];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    resid[i] = 1.0 / (i + 1);
#pragma omp parallel private(i)
  {
    double tol; /* private */
    int tid = omp_get_thread_num(), count = 0;
#pragma omp single copyprivate(tol)
    tol = 1.0e-6 * LEN;
    for (i = tid; i < LEN; i += omp_get_num_threads())
      if (resid[i] < tol)
        count++;
    if (tid < 64)
      below[tid] = count;
  }
  printf("%d\n", below[0]);
  return 0;
}
