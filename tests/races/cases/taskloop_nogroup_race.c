// adrace-expect: race definite
// adrace-race: 23 out
// nogroup removes the implicit taskgroup, so the single thread reads out[] while the taskloop's tasks
// may still write it.
/* Squares computed by a taskloop, then summed by the thread that created it. */
#include <stdio.h>

#define LEN 1000

double out[LEN];

int main(void)
{
  double checksum = 0.0;
#pragma omp parallel
#pragma omp single
  {
    int i;
#pragma omp taskloop grainsize(100) nogroup
    for (i = 0; i < LEN; i++)
      out[i] = (double)i * i;
    for (i = 0; i < LEN; i++)
      checksum += out[i];
  }
  printf("checksum = %f\n", checksum);
  return 0;
}
