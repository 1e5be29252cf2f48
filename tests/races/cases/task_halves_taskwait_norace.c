// adrace-expect: race-free
// Two tasks sum the two halves of the array into lower and upper; the taskwait makes both sums
// complete before the single thread adds them.
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
#pragma omp taskwait
    total = lower + upper;
  }
  printf("total = %f\n", total);
  return 0;
}
