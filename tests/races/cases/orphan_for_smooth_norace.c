// adrace-expect: race-free
// smooth() contains an orphaned omp for that reads in and writes out (distinct arrays), one out[i] per
// iteration.
/* Three-point smoothing with an orphaned loop. */
#include <stdio.h>

#define LEN 1000

double u[LEN], v[LEN];

void smooth(int n, const double *in, double *out)
{
  int i;
#pragma omp for
  for (i = 1; i < n - 1; i++)
    out[i] = 0.25 * in[i - 1] + 0.5 * in[i] + 0.25 * in[i + 1];
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    u[i] = v[i] = (i % 2) ? 1.0 : 0.0;
#pragma omp parallel
  smooth(LEN, u, v);
  printf("%f %f\n", u[LEN / 2], v[LEN / 2]);
  return 0;
}
