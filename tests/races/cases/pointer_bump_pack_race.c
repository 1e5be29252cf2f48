// adrace-expect: race definite
// adrace-race: 18 q
// The cursor q is shared: every iteration reads and moves it, so updates are lost and pairs collide.
/* Packs (x, y) pairs into one interleaved buffer through a cursor. */
#include <stdio.h>

#define N 1000

double x[N], y[N], packed[2 * N];

int main(void)
{
  int i;
  double *q = packed;
  for (i = 0; i < N; i++) { x[i] = i; y[i] = -i; }
#pragma omp parallel for
  for (i = 0; i < N; i++) {
    *q++ = x[i];
    *q++ = y[i];
  }
  printf("%f\n", packed[2 * N - 1]);
  return 0;
}
