// adrace-expect: race-free
// Each tile stores its total in out[hi - 1], its own last element: hi = MIN(lo + TILE, n) is one of its
// arms, never below both, so hi - 1 lies in [lo, hi) and no other tile writes it.
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
    out[hi - 1] = total;
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
