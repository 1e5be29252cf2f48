// adrace-expect: race definite
// adrace-race: 29 low
// adrace-race: 29 high
// The taskwait is missing: the helper adds low and high while the tasks may still be adding
// into them.
/* Dot product in two tasks, as a helper called by one thread of the team. */
#include <stdio.h>

#define LEN 2000

static double xs[LEN], ys[LEN];

static double dot_in_two(const double *a, const double *b, int n)
{
  double low = 0.0, high = 0.0;
  int half = n / 2;
#pragma omp task shared(low)
  {
    int k;
    for (k = 0; k < half; k++)
      low += a[k] * b[k];
  }
#pragma omp task shared(high)
  {
    int k;
    for (k = half; k < n; k++)
      high += a[k] * b[k];
  }
  return low + high;
}

int main(void)
{
  double dot = 0.0;
  int k;
  for (k = 0; k < LEN; k++) {
    xs[k] = 1.0 / (k + 1);
    ys[k] = (double)(k % 5);
  }
#pragma omp parallel
#pragma omp single
  dot = dot_in_two(xs, ys, LEN);
  printf("dot = %.6f\n", dot);
  return 0;
}
