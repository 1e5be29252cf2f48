// adrace-expect: race definite
// adrace-race: 22 last
// The read of last is a plain read, racing with the atomic writes of other iterations.
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
    seen = last;
    snapshot[i] = seen;
  }
  printf("%d\n", snapshot[LEN - 1]);
  return 0;
}
