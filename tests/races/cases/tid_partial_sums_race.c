// adrace-expect: race definite
// adrace-race: 23 tid
// tid is declared outside the region, so it is shared: every thread writes it and then uses whatever
// value it finds.
/* Partial sums indexed by thread number. */
#include <stdio.h>
#include <omp.h>

#define LEN 10000
#define MAXT 64

double x[LEN];
double partial[MAXT];

int main(void)
{
  int i, tid;
  double total = 0.0;
  for (i = 0; i < LEN; i++)
    x[i] = 1.0;
#pragma omp parallel num_threads(4)
  {
    tid = omp_get_thread_num();
    partial[tid] = 0.0;
#pragma omp for
    for (i = 0; i < LEN; i++)
      partial[tid] += x[i];
  }
  for (i = 0; i < MAXT; i++)
    total += partial[i];
  printf("total = %f\n", total);
  return 0;
}
