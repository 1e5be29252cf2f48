// adrace-expect: race-free
// Cache-blocked out-of-place transpose of a non-square matrix, parallel over the tile grid with
// collapse(2): tile (bi, bj) reads rows [i0, i1) x columns [j0, j1) of in and writes the mirrored tile
// of out; the edge tiles are clipped with MIN, so tiles never overlap. A second collapsed loop scales
// out element-wise after the first loop's implicit barrier.
#include <stdio.h>
#include <stdlib.h>

#define ROWS 301
#define COLS 173
#define TILE 32
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define IN(i, j) in[(size_t)(i) * cols + (j)]
#define OUT(j, i) out[(size_t)(j) * rows + (i)]

static void transpose_scale(const float *restrict in, float *restrict out, int rows, int cols,
                            float scale)
{
  int bi, bj, i, j;
  int ntr = (rows + TILE - 1) / TILE, ntc = (cols + TILE - 1) / TILE;
#pragma omp parallel private(i, j)
  {
#pragma omp for collapse(2) schedule(static)
    for (bi = 0; bi < ntr; bi++) {
      for (bj = 0; bj < ntc; bj++) {
        int i0 = bi * TILE, i1 = MIN(i0 + TILE, rows);
        int j0 = bj * TILE, j1 = MIN(j0 + TILE, cols);
        for (i = i0; i < i1; i++)
          for (j = j0; j < j1; j++)
            out[(size_t)j * rows + i] = IN(i, j);
      }
    }
#pragma omp for collapse(2)
    for (j = 0; j < cols; j++)
      for (i = 0; i < rows; i++)
        OUT(j, i) *= scale;
  }
}

int main(void)
{
  float *a = malloc(sizeof(float) * ROWS * COLS);
  float *t = malloc(sizeof(float) * ROWS * COLS);
  int i, j;
  double check = 0.0;
  for (i = 0; i < ROWS; i++)
    for (j = 0; j < COLS; j++)
      a[i * COLS + j] = (float)(i - j) * 0.5f;
  transpose_scale(a, t, ROWS, COLS, 2.0f);
  for (j = 0; j < COLS; j++)
    for (i = 0; i < ROWS; i += 7)
      check += t[j * ROWS + i];
  printf("t[5][9] = %.1f check = %.1f\n", t[5 * ROWS + 9], check);
  free(a);
  free(t);
  return 0;
}
