// adrace-expect: race-free
// A solver written as functions with orphaned worksharing, called from one parallel region: each
// function's locals (i, r, diff) are private to the calling thread; residual() reduces into the
// file-scope (shared) norm2; update() writes x[i] only; the single between them resets norm2
// after a barrier, and all readers of norm2 come after the reduction's implicit barrier.
#include <stdio.h>
#include <math.h>

#define LEN 4000
#define ITERS 5

static double x[LEN], b[LEN], r_vec[LEN];
static double norm2;

static void residual(int n)
{
  int i;
  double r;
#pragma omp for reduction(+: norm2)
  for (i = 1; i < n - 1; i++) {
    r = b[i] - (2.0 * x[i] - x[i - 1] - x[i + 1]);
    r_vec[i] = r;
    norm2 += r * r;
  }
}

static void update(int n, double omega)
{
  int i;
  double diff;
#pragma omp for
  for (i = 1; i < n - 1; i++) {
    diff = omega * 0.5 * r_vec[i];
    x[i] += diff;
  }
}

int main(void)
{
  int i, it;
  double last = 0.0;
  for (i = 0; i < LEN; i++) {
    x[i] = 0.0;
    b[i] = 1.0 / LEN;
  }
#pragma omp parallel private(it)
  for (it = 0; it < ITERS; it++) {
#pragma omp single
    norm2 = 0.0;
    residual(LEN);
    update(LEN, 0.8);
#pragma omp master
    last = sqrt(norm2);
#pragma omp barrier
  }
  printf("residual = %g\n", last);
  return 0;
}
