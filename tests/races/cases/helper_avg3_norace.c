// adrace-expect: race-free
// avg3 reads three neighbours of the input; the result goes to a separate output array.
/* Moving average through a helper. */
#include <stdio.h>

#define LEN 2048

double u[LEN], w[LEN];

static double avg3(const double *f, int i)
{
  return (f[i - 1] + f[i] + f[i + 1]) / 3.0;
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    u[i] = (i % 4 == 0) ? 3.0 : 0.0;
#pragma omp parallel for
  for (i = 1; i < LEN - 1; i++)
    w[i] = avg3(u, i);
  printf("%f %f\n", u[LEN / 2], w[LEN / 2]);
  return 0;
}
