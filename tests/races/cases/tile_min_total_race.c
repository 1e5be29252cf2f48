// adrace-expect: race definite
// adrace-race: 30 out
// Each tile also stores its total in out[hi], one past its end: with hi = MIN(lo + TILE, n) at its lo + TILE
// arm that is the first element of the next tile, which that tile writes.
/* Blocked running sums: tiles of TILE elements, the last one clipped with a MIN macro. */
#include <stdio.h>

#define N 1000
#define TILE 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static double x[N + 1], y[N];

static int tile_sums(double *out, const double *in, int n)
{
  int t, j, lo, hi;
  int ntiles = (n + TILE - 1) / TILE;
  double total;
  if (n <= 0)
    return 1;
#pragma omp parallel for private(j, lo, hi, total)
  for (t = 0; t < ntiles; t++) {
    lo = t * TILE;
    hi = MIN(lo + TILE, n);
    total = 0.0;
    for (j = lo; j < hi; j++) {
      total += in[j];
      out[j] = total;
    }
    out[hi] = total;
  }
  return 0;
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    y[i] = 0.5 * (i % 7);
  if (tile_sums(x, y, N) != 0)
    return 1;
  printf("%f\n", x[N / 2]);
  return 0;
}
