// adrace-expect: race definite
// adrace-race: 33 img
// The helper writes its result into the next row of img, which the next iteration reads as its input row.
/* Horizontal smoothing of an image "in place", one row per iteration, through row helpers. */
#include <math.h>

#define H 480
#define W 640

static float img[H][W];
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
  for (r = 0; r < H - 1; r++) {
    smooth_row(&img[r][1], &img[r + 1][1], W - 2);
    rownorm[r] = row_norm(img[r], W);
  }
}
