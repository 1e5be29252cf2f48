// adrace-expect: race-free
// Each iteration passes its own rows (&img[r][1], tmp[r]) to the helpers, which index them from the row's start.
/* Horizontal smoothing of an image, one row per iteration, through row helpers. */
#include <math.h>

#define H 480
#define W 640

static float img[H][W], tmp[H][W];
static float rownorm[H];

static void smooth_row(const float *in, float *out, int n)
{
  int j;
  for (j = 0; j < n; j++)
    out[j] = 0.25f * in[j - 1] + 0.5f * in[j] + 0.25f * in[j + 1];
}

static float row_norm(const float *row, int n)
{
  int j;
  float s = 0.0f;
  for (j = 0; j < n; j++) s += row[j] * row[j];
  return sqrtf(s);
}

void smooth(void)
{
  int r;
#pragma omp parallel for schedule(static)
  for (r = 0; r < H; r++) {
    smooth_row(&img[r][1], &tmp[r][1], W - 2);
    rownorm[r] = row_norm(tmp[r], W);
  }
}
