// adrace-expect: race definite
// adrace-race: 25 hist
// The increment of hist[b] was moved after omp_unset_lock, so it is no longer protected by the bin's
// lock.
/* A histogram with one lock per bin. */
#include <stdio.h>
#include <omp.h>

#define LEN 10000
#define NBINS 16

int hist[NBINS];
omp_lock_t locks[NBINS];

int main(void)
{
  int i;
  for (i = 0; i < NBINS; i++)
    omp_init_lock(&locks[i]);
#pragma omp parallel for
  for (i = 0; i < LEN; i++) {
    int b = (i * 7) % NBINS;
    omp_set_lock(&locks[b]);
    omp_unset_lock(&locks[b]);
    hist[b] += 1;
  }
  for (i = 0; i < NBINS; i++)
    omp_destroy_lock(&locks[i]);
  printf("%d\n", hist[0]);
  return 0;
}
