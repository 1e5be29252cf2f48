// adrace-expect: race definite
// adrace-race: 14 total
// The helper updates total without the critical section: every thread of the region writes it.
/* Per-thread partial sums combined through a helper. */
#include <stdio.h>

#define LEN 1000

double v[LEN];
double total = 0.0;

static void add_to_total(double part)
{
  total += part;
}

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++)
    v[i] = 1.0 / (i + 1);
#pragma omp parallel
  {
    double mine = 0.0;
    int k;
#pragma omp for
    for (k = 0; k < LEN; k++)
      mine += v[k];
    add_to_total(mine);
  }
  printf("%f\n", total);
  return 0;
}
