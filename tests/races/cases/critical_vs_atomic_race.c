// adrace-expect: race definite
// adrace-race: 22 hits
// One site uses critical and the other atomic: a critical section does not exclude an atomic update of
// the same variable.
/* Two kinds of hits counted into one counter. */
#include <stdio.h>

#define LEN 4000

int hits = 0;

int main(void)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    if (i % 2 == 0) {
#pragma omp atomic
      hits += 1;
    } else {
#pragma omp critical
      hits += 2; /* odd */
    }
  }
  printf("hits = %d\n", hits);
  return 0;
}
