// adrace-expect: race-free
// Recursive divide-and-conquer sum with tasks: each call spawns a task for the left half writing the
// caller's local left (shared with that child), computes the right half itself, and reads left only
// after taskwait. Leaves read disjoint ranges of the input.
#include <stdio.h>

#define LEN (1 << 16)
#define CUTOFF 2048

static double values[LEN];

static double sum_range(const double *v, int lo, int hi)
{
  double left, right;
  int mid;
  if (hi - lo <= CUTOFF) {
    double s = 0.0;
    int i;
    for (i = lo; i < hi; i++)
      s += v[i];
    return s;
  }
  mid = lo + (hi - lo) / 2;
#pragma omp task shared(left) firstprivate(v, lo, mid)
  left = sum_range(v, lo, mid);
  right = sum_range(v, mid, hi);
#pragma omp taskwait
  return left + right;
}

static void fill(double *v, int n)
{
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    v[i] = 1.0 / (1 + i % 100);
}

int main(void)
{
  double result = 0.0;
  fill(values, LEN);
#pragma omp parallel
  {
#pragma omp single
    result = sum_range(values, 0, LEN);
  }
  printf("sum = %f\n", result);
  return 0;
}
