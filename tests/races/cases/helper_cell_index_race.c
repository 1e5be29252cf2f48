// adrace-expect: race definite
// adrace-race: 21 count
// cell_of(i) = i / 2 maps iterations 2k and 2k+1 to the same counter, which both increment.
/* Per-item counters addressed through an index helper. */
#include <stdio.h>

#define LEN 1001

int count[2 * LEN + 1];

static inline int cell_of(int i)
{
  return i / 2;
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
