// adrace-expect: race-free
// cell_of(i) = 2*i + 1 is one-to-one, so each iteration increments a different counter.
/* Per-item counters addressed through an index helper. */
#include <stdio.h>

#define LEN 1001

int count[2 * LEN + 1];

static inline int cell_of(int i)
{
  return 2 * i + 1;
}

int main(void)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++)
    count[cell_of(i)]++;
  printf("%d\n", count[1]);
  return 0;
}
