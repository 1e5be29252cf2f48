// adrace-expect: race-free
// note_step() records the step on the master thread and then waits at a barrier: the other threads
// read last_step only after it was written.
/* Progress bookkeeping through a helper called from a parallel region. */
#include <stdio.h>
#include <omp.h>

#define LEN 512

int last_step = -1;
double work[LEN];

static void note_step(int step)
{
#pragma omp master
  last_step = step;
#pragma omp barrier
}

int main(void)
{
  int i;
#pragma omp parallel
  {
    note_step(3);
#pragma omp for
    for (i = 0; i < LEN; i++)
      work[i] = (double)last_step * i;
  }
  printf("%f\n", work[LEN - 1]);
  return 0;
}
