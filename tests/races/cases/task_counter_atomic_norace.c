// adrace-expect: race-free
// Every task increments the shared counter with omp atomic.
/* Counting matches with one task per block. */
#include <stdio.h>

#define LEN 4096
#define BLOCK 256

int key[LEN];

int main(void)
{
  int i, hits = 0;
  for (i = 0; i < LEN; i++)
    key[i] = (i * 37) % 101;
#pragma omp parallel
#pragma omp single
  for (i = 0; i < LEN; i += BLOCK) {
#pragma omp task firstprivate(i) shared(hits)
    {
      int k;
      for (k = i; k < i + BLOCK; k++)
        if (key[k] == 5)
#pragma omp atomic
          hits++;
    }
  }
  printf("hits = %d\n", hits);
  return 0;
}
