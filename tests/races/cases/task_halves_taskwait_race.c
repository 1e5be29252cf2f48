// adrace-expect: race definite
// adrace-race: 36 lower
// adrace-race: 36 upper
// Without the taskwait the single thread reads lower and upper while the tasks that write them may
// still be running.
/* Sum of an array split into two tasks. */
#include <stdio.h>

#define LEN 4096

double data[LEN];

int main(void)
{
  int i;
  double lower = 0.0, upper = 0.0, total = 0.0;

  for (i = 0; i < LEN; i++)
    data[i] = 0.5 * i;

#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(lower)
    {
      int k;
      for (k = 0; k < LEN / 2; k++)
        lower += data[k];
    }
#pragma omp task shared(upper)
    {
      int k;
      for (k = LEN / 2; k < LEN; k++)
        upper += data[k];
    }
    total = lower + upper;
  }
  printf("total = %f\n", total);
  return 0;
}
