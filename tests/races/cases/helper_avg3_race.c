// adrace-expect: race definite
// adrace-race: 24 u
// The average is stored back into u: iteration i writes u[i] while iterations i-1 and i+1 read it
// through avg3.
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
    u[i] = avg3(u, i);
  printf("%f %f\n", u[LEN / 2], w[LEN / 2]);
  return 0;
}
