// adrace-expect: race definite
// adrace-race: 21 seed
// Without threadprivate (and copyin), seed is one shared global that every thread advances.
/* Per-thread random streams initialised from one seed with copyin. */
#include <stdio.h>
#include <omp.h>

#define MAXT 64

unsigned seed = 2024u;

unsigned draws[MAXT];

int main(void)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int k;
    for (k = 0; k < 100; k++)
      seed = seed * 1103515245u + 12345u;
    if (tid < MAXT)
      draws[tid] = seed + tid;
  }
  printf("%u\n", draws[0]);
  return 0;
}
