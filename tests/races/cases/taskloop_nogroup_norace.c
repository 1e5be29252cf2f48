// adrace-expect: race-free
// A taskloop without nogroup is enclosed in an implicit taskgroup: all its tasks finish before the
// reading loop starts.
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
#pragma omp taskloop grainsize(100)
    for (i = 0; i < LEN; i++)
      out[i] = (double)i * i;
    for (i = 0; i < LEN; i++)
      checksum += out[i];
  }
  printf("checksum = %f\n", checksum);
  return 0;
}
