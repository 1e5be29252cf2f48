// adrace-expect: race possible
// adrace-race: 17 grid
// Each row is smoothed with the row below it, which the next thread owns and writes at the same time.
#include <omp.h>

#define NX 64

void smooth_rows(double *grid, int nrows)
{
#pragma omp parallel
  {
    int tid, nthreads, row, col;
    tid = omp_get_thread_num();
    nthreads = omp_get_num_threads();
    for (row = tid; row < nrows - 1; row += nthreads)
      for (col = 0; col < NX; col++)
        grid[row * NX + col] =
            0.5 * (grid[row * NX + col] + grid[(row + 1) * NX + col]);
  }
}
