// adrace-expect: race-free
// Each block is produced by a task with depend(out: a[b:BLOCK]) and consumed by a task with the
// identical section in depend(in: ...); consumers of different blocks touch different elements.
/* Block-wise producer/consumer pipeline with array-section dependences. */
#include <stdio.h>

#define LEN 1024
#define BLOCK 128

int a[LEN + BLOCK], c[LEN];

int main(void)
{
  int b;
#pragma omp parallel
#pragma omp single
  for (b = 0; b < LEN; b += BLOCK) {
#pragma omp task depend(out: a[b:BLOCK]) firstprivate(b)
    {
      int k;
      for (k = b; k < b + BLOCK; k++)
        a[k] = k;
    }
#pragma omp task depend(in: a[b:BLOCK]) firstprivate(b)
    {
      int k;
      for (k = b; k < b + BLOCK; k++)
        c[k] = 2 * a[k];
    }
  }
  printf("c[%d] = %d\n", LEN - 1, c[LEN - 1]);
  return 0;
}
