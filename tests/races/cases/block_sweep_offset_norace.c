// adrace-expect: race-free
// The sequential loop around the parallel one starts at 0 and steps by BS, so off + c (c < BS)
// is never another iteration's c'. A witness with off = -1 breaks the enclosing loop's range.
/* Damps a vector block by block, one parallel loop per block. */
#include <stdio.h>

#define N 256
#define BS 16

double y[N];

int main(void)
{
  int off, c;
  for (c = 0; c < N; c++) y[c] = c;
  for (off = 0; off < N; off += BS) {
#pragma omp parallel for
    for (c = 0; c < BS; c++)
      y[off + c] = 0.5 * y[c];
  }
  printf("%f\n", y[N - 1]);
  return 0;
}
