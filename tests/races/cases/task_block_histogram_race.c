// adrace-expect: race possible
// adrace-race: 26 hist
// Without atomic, two tasks race whenever their blocks contain values of the same bin, which depends
// on the data (with this input they do).
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
        hist[bin[k]]++;
    }
  }
  printf("%d\n", hist[0]);
  return 0;
}
