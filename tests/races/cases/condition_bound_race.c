// adrace-expect: race definite
// adrace-race: 13 grid
// Twin of condition_bound_norace.c: count_ones is one more than the row width, so the last cell
// of row x is the first cell of row x + 1.
#define W 2

void mark(int n, int *grid)
{
  int x, y;
  int count_ones = W + 1;
#pragma omp parallel for private(y)
  for (x = 0; x < n; x++)
    for (y = 0; y < n && y < count_ones; y++) grid[x * W + y] = 1;
}
