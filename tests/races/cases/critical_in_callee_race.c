// adrace-expect: race definite
// adrace-race: 15 total
// The helper's critical section is named (accum): differently named critical sections do not exclude
// each other, so it races with the caller's unnamed one.
/* Updates of one total from a loop body and from a helper it calls. */
#include <stdio.h>

#define LEN 1000

double total = 0.0;

static void accumulate(double v)
{
#pragma omp critical(accum)
  total += v;
}

int main(void)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    if (i < LEN / 2)
      accumulate(1.0);
    else {
#pragma omp critical
      total += 2.0;
    }
  }
  printf("total = %f\n", total);
  return 0;
}
