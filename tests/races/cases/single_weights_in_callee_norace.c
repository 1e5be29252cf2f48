// adrace-expect: race-free
// init_weights() fills the weights in an orphaned single; its implicit barrier makes every thread wait
// until they are written before the loop reads them.
/* Once-only initialisation of an array passed to a helper called from a parallel region. */
#include <stdio.h>

#define LEN 256

double weights[LEN];
double signal[LEN], out[LEN];

static void init_weights(double *w, int n)
{
  int j;
#pragma omp single
  for (j = 0; j < n; j++)
    w[j] = 1.0 / n;
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    signal[i] = i % 7;
#pragma omp parallel
  {
    init_weights(weights, LEN);
#pragma omp for
    for (i = 0; i < LEN; i++)
      out[i] = weights[i] * signal[i];
  }
  printf("%f\n", out[LEN - 1]);
  return 0;
}
