// adrace-expect: race definite
// adrace-race: 20 bins
// Without atomic, iterations i and i + NBINS update the same bin concurrently.
/* Weighted bins, one atomic update per element. */
#include <stdio.h>

#define LEN 8192
#define NBINS 32

float weight[LEN];
float bins[NBINS];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    weight[i] = 0.5f;
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    bins[i % NBINS] += weight[i];
  }
  printf("%f\n", bins[0]);
  return 0;
}
