// adrace-expect: race-free
// Each iteration packs its pair through its own cursor q, set from i: nothing shared is moved.
/* Packs (x, y) pairs into one interleaved buffer through a cursor. */
#include <stdio.h>

#define N 1000

double x[N], y[N], packed[2 * N];

int main(void)
{
  int i;
  for (i = 0; i < N; i++) { x[i] = i; y[i] = -i; }
#pragma omp parallel for
  for (i = 0; i < N; i++) {
    double *q = packed + 2 * i;
    *q++ = x[i];
    *q = y[i];
  }
  printf("%f\n", packed[2 * N - 1]);
  return 0;
}
