// adrace-expect: race definite
// adrace-race: 22 a
// The read block is shifted by BS: every chunk reads the block that chunk 0 writes.
/* One step of a blocked LU factorisation: the top perimeter, one chunk per iteration. */
#include <stdio.h>

#define N 128
#define BS 16

float a[N];

int main(void)
{
  int off, chunk, nchunks, rest, j;
  for (j = 0; j < N; j++) a[j] = 1.0f + j;
  for (off = 0; off < N - BS; off += BS) {
    rest = N - off - BS;
    nchunks = rest / BS;
#pragma omp parallel for private(j)
    for (chunk = 0; chunk < nchunks; chunk++) {
      for (j = 0; j < BS; j++)
        a[off + BS * (chunk + 1) + j] = a[off + BS * (chunk + 1) + j] - 0.25f * a[off + BS + j];
    }
  }
  printf("%f\n", a[N - 1]);
  return 0;
}
