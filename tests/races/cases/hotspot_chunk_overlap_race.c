// adrace-expect: race definite
// adrace-race: 39 res
// Rodinia hotspot-style chunks whose column bound is one too wide: each chunk also writes the first
// column of its right neighbour's cells of res (the twin of realistic/rodinia_hotspot.c).
#include <stdio.h>

#define ROWS 128
#define COLS 128
#define BLOCK_R 16
#define BLOCK_C 16
#define MAX_PD 3.0e6

typedef float FLOAT;

static FLOAT temp[ROWS * COLS], power[ROWS * COLS], result[ROWS * COLS];

static void single_iteration(FLOAT *res, const FLOAT *tmp, const FLOAT *pwr, int row, int col,
                             FLOAT Cap_1, FLOAT Rx_1, FLOAT Ry_1, FLOAT Rz_1, FLOAT amb_temp)
{
  int num_chunk = row * col / (BLOCK_R * BLOCK_C);
  int chunks_in_row = col / BLOCK_C;
  int chunk;
#pragma omp parallel for shared(pwr, tmp, res) firstprivate(row, col, num_chunk, chunks_in_row) schedule(static)
  for (chunk = 0; chunk < num_chunk; ++chunk) {
    int r_start = BLOCK_R * (chunk / chunks_in_row);
    int c_start = BLOCK_C * (chunk % chunks_in_row);
    int r_end = r_start + BLOCK_R > row ? row : r_start + BLOCK_R;
    int c_end = c_start + BLOCK_C + 1 > col ? col : c_start + BLOCK_C + 1; /* one column too many */
    int r, c;
    for (r = r_start; r < r_end; ++r)
      for (c = c_start; c < c_end; ++c) {
        FLOAT north = r > 0 ? tmp[(r - 1) * col + c] : tmp[r * col + c];
        FLOAT south = r < row - 1 ? tmp[(r + 1) * col + c] : tmp[r * col + c];
        FLOAT west = c > 0 ? tmp[r * col + c - 1] : tmp[r * col + c];
        FLOAT east = c < col - 1 ? tmp[r * col + c + 1] : tmp[r * col + c];
        FLOAT delta = Cap_1 * (pwr[r * col + c] + (south + north - 2.0f * tmp[r * col + c]) * Ry_1 +
                               (east + west - 2.0f * tmp[r * col + c]) * Rx_1 +
                               (amb_temp - tmp[r * col + c]) * Rz_1);
        res[r * col + c] = tmp[r * col + c] + delta;
      }
  }
}

int main(void)
{
  int i;
  for (i = 0; i < ROWS * COLS; i++) {
    temp[i] = 320.0f + (i % 13);
    power[i] = (FLOAT)(i % 7) * 1.0e-3f;
  }
  single_iteration(result, temp, power, ROWS, COLS, 0.5f, 0.1f, 0.1f, 0.01f, 80.0f);
  printf("%f\n", result[ROWS * COLS / 2]);
  return 0;
}
