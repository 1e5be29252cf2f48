// adrace-expect: race-free
// Reads of a[i + CHUNK] go to a separate array b; the distributed chunks write disjoint elements of b.
/* Differences at a distance of one distribute chunk. */
#include <stdio.h>

#define LEN 1024
#define CHUNK 64

int a[LEN + CHUNK], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN + CHUNK; i++)
    a[i] = 3 * i;
#pragma omp target teams distribute dist_schedule(static, CHUNK) num_teams(4) map(tofrom: a, b)
  for (i = 0; i < LEN; i++)
    b[i] = a[i + CHUNK] - a[i];
  printf("%d %d\n", a[LEN / 2], b[LEN / 2]);
  return 0;
}
