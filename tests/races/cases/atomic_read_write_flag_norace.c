// adrace-expect: race-free
// Every access to last is atomic: atomic write in the iterations that set it and atomic read in those
// that look at it.
/* The last marker seen, written and read with atomic accesses. */
#include <stdio.h>

#define LEN 2000

int last = -1;
int snapshot[LEN];

int main(void)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    int seen;
    if (i % 10 == 0) {
#pragma omp atomic write
      last = i;
    }
#pragma omp atomic read
    seen = last;
    snapshot[i] = seen;
  }
  printf("%d\n", snapshot[LEN - 1]);
  return 0;
}
