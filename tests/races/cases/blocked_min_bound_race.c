// adrace-expect: race definite
// adrace-race: 22 v
// The inner loop runs to i <= e, so block b also writes v[e], the first element of block b+1.
/* A blocked loop with a clipped (min) upper bound. */
#include <stdio.h>

#define LEN 1000
#define BS 64

double v[LEN + 1];

int main(void)
{
  int b, i, e;
  int nblocks = (LEN + BS - 1) / BS;
  for (i = 0; i <= LEN; i++)
    v[i] = i;
#pragma omp parallel for private(i, e)
  for (b = 0; b < nblocks; b++) {
    e = (b + 1) * BS > LEN ? LEN : (b + 1) * BS;
    for (i = b * BS; i <= e; i++)
      v[i] = 2.0 * v[i] + 1.0;
  }
  printf("%f\n", v[LEN - 1]);
  return 0;
}
