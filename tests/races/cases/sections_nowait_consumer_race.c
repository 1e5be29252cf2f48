// adrace-expect: race definite
// adrace-race: 26 coef
// nowait removes the barrier: a thread can reach the loop and read coef[0] or coef[1] before the
// section writing it has run.
/* Coefficients set up by sections, then used by a worksharing loop. */
#include <stdio.h>

#define LEN 800

double coef[2], out[LEN];

int main(void)
{
  int i;
#pragma omp parallel
  {
#pragma omp sections nowait
    {
#pragma omp section
      coef[0] = 0.5;
#pragma omp section
      coef[1] = 3.0;
    }
#pragma omp for
    for (i = 0; i < LEN; i++)
      out[i] = coef[0] * i + coef[1];
  }
  printf("%f\n", out[LEN - 1]);
  return 0;
}
