// adrace-expect: race definite
// adrace-race: 19 y
// The sweep starts at 1: iteration c writes y[1 + c] while iteration c + 1 reads it.
/* Damps a vector block by block, one parallel loop per block. */
#include <stdio.h>

#define N 256
#define BS 16

double y[N];

int main(void)
{
  int off, c;
  for (c = 0; c < N; c++) y[c] = c;
  for (off = 1; off < N - BS; off += BS) {
#pragma omp parallel for
    for (c = 0; c < BS; c++)
      y[off + c] = 0.5 * y[c];
  }
  printf("%f\n", y[N - 1]);
  return 0;
}
