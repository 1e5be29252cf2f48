// adrace-expect: race definite
// adrace-race: 25 tol
// tol is now shared and the single has nowait: other threads read tol while the single thread writes
// it.
/* Broadcasting a value read by one thread with copyprivate. */
#include <stdio.h>
#include <omp.h>

#define LEN 1000

double resid[LEN];
int below[64];

int main(void)
{
  double tol;
  int i;
  for (i = 0; i < LEN; i++)
    resid[i] = 1.0 / (i + 1);
#pragma omp parallel private(i)
  {
    
    int tid = omp_get_thread_num(), count = 0;
#pragma omp single nowait
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
