// adrace-expect: race-free
// record() updates the shared total with an atomic update.
/* Accumulating through a helper with a side effect on a global. */
#include <stdio.h>

#define LEN 4096

double total = 0.0;
double samples[LEN];

static void record(double v)
{
#pragma omp atomic
  total += v;
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    samples[i] = 0.5;
#pragma omp parallel for
  for (i = 0; i < LEN; i++)
    if (samples[i] > 0.0)
      record(samples[i]);
  printf("total = %f\n", total);
  return 0;
}
