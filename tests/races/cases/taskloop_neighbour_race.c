// adrace-expect: race definite
// adrace-race: 21 a
// Writing a[i] in place: the task holding iteration i-1 reads a[i] (as a[(i-1)+1]) while the task
// holding iteration i writes it.
/* Averaging neighbours with a taskloop. */
#include <stdio.h>

#define LEN 1024

double a[LEN + 1], b[LEN];

int main(void)
{
  int i;
  for (i = 0; i <= LEN; i++)
    a[i] = i;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(64)
  for (i = 0; i < LEN; i++)
    a[i] = 0.5 * (a[i] + a[i + 1]);
  printf("%f %f\n", a[LEN / 2], b[LEN / 2]);
  return 0;
}
