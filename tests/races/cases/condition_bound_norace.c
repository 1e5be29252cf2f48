// adrace-expect: race-free
// Row x of the flattened grid holds W cells; y stays below count_ones, which is set once to W
// before the loop and never changed, so iteration x writes only its own row.
#define W 2

void mark(int n, int *grid)
{
  int x, y;
  int count_ones = W;
#pragma omp parallel for private(y)
  for (x = 0; x < n; x++)
    for (y = 0; y < n && y < count_ones; y++) grid[x * W + y] = 1;
}
