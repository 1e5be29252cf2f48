// adrace-expect: race-free
// Each iteration sorts its own row with qsort (the comparator reads only the two elements it is given) and reads that row's median.
/* Row medians of a sample matrix, as a robust statistics kernel computes them. */
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
  for (r = 0; r < rows; r++) {
    qsort(samples[r], COLS, sizeof(float), compare_float);
    median[r] = samples[r][COLS / 2];
  }
}
