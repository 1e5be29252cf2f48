// adrace-expect: race-free
// Row-parallel update with a vectorised inner loop: `parallel for` over rows and `omp simd` over the
// columns of one row; the simd loop is element-wise (y[i][j] from x[i][j] and y[i][j]), so lanes never
// touch the same element, and the row sums use a simd reduction.
#include <stdio.h>

#define NROWS 256
#define NCOLS 512

static float x[NROWS][NCOLS], y[NROWS][NCOLS];
static float rowsum[NROWS];

static void axpby_rows(int nrows, int ncols, float alpha, float beta)
{
  int i;
#pragma omp parallel for firstprivate(alpha, beta)
  for (i = 0; i < nrows; i++) {
    int j;
    float s = 0.0f;
#pragma omp simd
    for (j = 0; j < ncols; j++)
      y[i][j] = alpha * x[i][j] + beta * y[i][j];
#pragma omp simd reduction(+: s)
    for (j = 0; j < ncols; j++)
      s += y[i][j];
    rowsum[i] = s;
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < NROWS; i++)
    for (j = 0; j < NCOLS; j++) {
      x[i][j] = 1.0f;
      y[i][j] = (float)(j % 3);
    }
  axpby_rows(NROWS, NCOLS, 2.0f, 0.5f);
  printf("%f %f\n", y[NROWS - 1][NCOLS - 1], rowsum[0]);
  return 0;
}
