// adrace-expect: race definite
// adrace-race: 21 a
// simdlen is a preferred length, not a bound: without safelen any number of iterations may run as
// concurrent lanes, and a[i] depends on a[i-4].
/* Four interleaved running sums in one array. */
#include <stdio.h>

#define LEN 512

double a[LEN], w[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++) {
    a[i] = 0.0;
    w[i] = 1.0 / (i + 1);
  }
#pragma omp simd simdlen(4)
  for (i = 4; i < LEN; i++)
    a[i] = a[i - 4] + w[i];
  printf("%f\n", a[LEN - 1]);
  return 0;
}
