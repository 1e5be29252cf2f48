// adrace-expect: race-free
// tid is declared inside the parallel region (private), and each thread adds into its own
// partial[tid].
/* Partial sums indexed by thread number. */
#include <stdio.h>
#include <omp.h>

#define LEN 10000
#define MAXT 64

double x[LEN];
double partial[MAXT];

int main(void)
{
  int i;
  double total = 0.0;
  for (i = 0; i < LEN; i++)
    x[i] = 1.0;
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
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
