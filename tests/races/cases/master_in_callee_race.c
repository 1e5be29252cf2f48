// adrace-expect: race definite
// adrace-race: 17 last_step
// master has no implied barrier, and note_step() no longer has one: the loop reads last_step while the
// master thread may still be writing it.
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
