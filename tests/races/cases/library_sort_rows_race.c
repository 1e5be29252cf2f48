// adrace-expect: race definite
// adrace-race: 24 samples
// Iteration r reads the next row's median element while iteration r + 1 is sorting that row.
/* Row medians of a sample matrix, with a "smoothed" median that peeks at the next row. */
#include <stdlib.h>

#define ROWS 2048
#define COLS 33

static float samples[ROWS][COLS];
static float median[ROWS];

static int compare_float(const void *a, const void *b)
{
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

void row_medians(int rows)
{
  int r;
#pragma omp parallel for schedule(guided)
  for (r = 0; r < rows - 1; r++) {
    qsort(samples[r], COLS, sizeof(float), compare_float);
    median[r] = 0.5f * (samples[r][COLS / 2] + samples[r + 1][COLS / 2]);
  }
}
