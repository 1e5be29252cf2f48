// adrace-expect: race-free
// Tasks over blocks of the input increment the shared histogram with omp atomic, whatever bins the
// data selects.
/* A histogram built by one task per block of the input. */
#include <stdio.h>

#define LEN 8192
#define BLOCK 512
#define NBINS 32

static int bin[LEN], hist[NBINS];

int main(void)
{
  int b, i;
  for (i = 0; i < LEN; i++)
    bin[i] = (i * 13 + i / 7) % NBINS;
#pragma omp parallel
#pragma omp single
  for (b = 0; b < LEN; b += BLOCK) {
#pragma omp task firstprivate(b)
    {
      int k;
      for (k = b; k < b + BLOCK; k++)
#pragma omp atomic
        hist[bin[k]]++;
    }
  }
  printf("%d\n", hist[0]);
  return 0;
}
