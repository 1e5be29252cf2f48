// adrace-expect: race definite
// adrace-race: 21 a
// The sink dependence is gone: iteration i reads a[i - 1] while iteration i-1 may still write it.
/* A recurrence through a doacross loop (ordered with depend). */
#include <stdio.h>

#define LEN 1000

double a[LEN], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++) {
    a[i] = 0.0;
    b[i] = 1.0;
  }
#pragma omp parallel for ordered(1)
  for (i = 1; i < LEN; i++) {
    b[i] = b[i] * 0.5; /* independent part */
    a[i] = a[i - 1] + b[i];
#pragma omp ordered depend(source)
  }
  printf("%f\n", a[LEN - 1]);
  return 0;
}
