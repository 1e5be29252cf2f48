// adrace-expect: race-free
// atomic capture hands each iteration a distinct ticket, so every slot of queue is written once.
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
#pragma omp atomic capture
    my = next++;
    queue[my] = i;
  }
  printf("%d queued\n", next);
  return 0;
}
