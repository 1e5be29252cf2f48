// adrace-expect: race-free
// safelen(4) bounds the lanes to 4 consecutive iterations and the dependence distance is 4; simdlen(4)
// only asks for that vector length.
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
#pragma omp simd simdlen(4) safelen(4)
  for (i = 4; i < LEN; i++)
    a[i] = a[i - 4] + w[i];
  printf("%f\n", a[LEN - 1]);
  return 0;
}
