// adrace-expect: race-free
// The sections construct ends in an implicit barrier, so the loop after it reads coef only once both
// sections have written it.
/* Coefficients set up by sections, then used by a worksharing loop. */
#include <stdio.h>

#define LEN 800

double coef[2], out[LEN];

int main(void)
{
  int i;
#pragma omp parallel
  {
#pragma omp sections
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
