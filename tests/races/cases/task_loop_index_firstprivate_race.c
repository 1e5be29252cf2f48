// adrace-expect: race definite
// adrace-race: 17 i
// shared(i) makes every task read the generating loop's index while the loop keeps incrementing it.
/* One task per element, created in a loop. */
#include <stdio.h>

#define LEN 64

int a[LEN];

int main(void)
{
#pragma omp parallel
#pragma omp single
  {
    int i;
    for (i = 0; i < LEN; i++)
#pragma omp task shared(i)
      a[i] = i * i;
  }
  printf("a[%d] = %d\n", LEN - 1, a[LEN - 1]);
  return 0;
}
