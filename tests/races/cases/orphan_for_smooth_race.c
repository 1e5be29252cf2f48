// adrace-expect: race definite
// adrace-race: 17 out
// The call passes the same array as input and output, so out[i] = in[i-1]... reads elements that
// neighbouring iterations write.
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
  smooth(LEN, u, u);
  printf("%f %f\n", u[LEN / 2], v[LEN / 2]);
  return 0;
}
