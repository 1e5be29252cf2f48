// adrace-expect: race definite
// adrace-race: 21 next
// Without the atomic construct the read and increment of next are plain: two iterations can get the
// same ticket and both write next.
/* Filling a queue with tickets drawn by atomic capture. */
#include <stdio.h>

#define LEN 1000

int queue[LEN];
int next = 0;

int main(void)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    int my;
    if (i % 3 != 0)
      continue; /* only every third item is queued */
    my = next++;
    queue[my] = i;
  }
  printf("%d queued\n", next);
  return 0;
}
