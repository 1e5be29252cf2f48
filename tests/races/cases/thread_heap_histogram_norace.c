// adrace-expect: race-free
// Each thread counts into a block it allocates itself with calloc into its private pointer; only the merge into the shared histogram, under critical, touches shared bins.
/* Per-thread histograms on the heap, merged at the end (a common way to avoid atomics). */
#include <stdio.h>
#include <stdlib.h>

#define N 4096
#define NB 16

int keys[N];
int hist[NB];

void count_keys(int n)
{
  int *local;
  int i, b;
#pragma omp parallel private(local, i, b)
  {
    local = (int *) calloc(NB, sizeof(int));
#pragma omp for
    for (i = 0; i < n; i++)
      local[keys[i] % NB]++;
#pragma omp critical
    for (b = 0; b < NB; b++)
      hist[b] += local[b];
    free(local);
  }
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    keys[i] = (i * 7) % 101;
  count_keys(N);
  printf("%d\n", hist[3]);
  return 0;
}
