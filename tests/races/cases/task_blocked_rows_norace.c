// adrace-expect: race-free
// One task per block of rows, the last block cut short with ?:; each task smooths only the rows of
// its own block and reads the input grid, which no task writes.
/* Row-blocked smoothing of a grid, one task per block of rows. */
#include <stdio.h>

#define NROWS 100
#define NCOLS 64
#define ROWS_PER_TASK 16

static double in[NROWS][NCOLS], out[NROWS][NCOLS];

static inline double average3(double left, double centre, double right)
{
  return (left + centre + right) / 3.0;
}

int main(void)
{
  int first, r, c;
  for (r = 0; r < NROWS; r++)
    for (c = 0; c < NCOLS; c++)
      in[r][c] = (r * 7 + c * 3) % 11;
#pragma omp parallel
#pragma omp single
  for (first = 0; first < NROWS; first += ROWS_PER_TASK) {
#pragma omp task firstprivate(first) default(shared)
    {
      int row, col;
      int last = first + ROWS_PER_TASK > NROWS ? NROWS : first + ROWS_PER_TASK;
      for (row = first; row < last; row++)
        for (col = 1; col < NCOLS - 1; col++)
          out[row][col] = average3(in[row][col - 1], /* west */ in[row][col], in[row][col + 1]);
    }
  }
  printf("%f\n", out[NROWS - 1][NCOLS / 2]);
  return 0;
}
