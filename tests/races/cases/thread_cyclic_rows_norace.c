// adrace-expect: race-free
// Rows dealt out cyclically by hand: thread t takes rows t, t + nt, t + 2 nt, ...; no two threads
// ever get the same row.
#include <omp.h>

#define NX 64

void scale_rows(double *grid, int nrows, double factor)
{
#pragma omp parallel
  {
    int tid, nthreads, row, col;
    tid = omp_get_thread_num();
    nthreads = omp_get_num_threads();
    for (row = tid; row < nrows; row += nthreads)
      for (col = 0; col < NX; col++)
        grid[row * NX + col] *= factor; /* the thread's own row */
  }
}
