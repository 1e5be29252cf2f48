// adrace-expect: race-free
// Bins are updated with omp atomic; the bin index (i % NBINS) is shared by many iterations.
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
#pragma omp atomic
    bins[i % NBINS] += weight[i];
  }
  printf("%f\n", bins[0]);
  return 0;
}
