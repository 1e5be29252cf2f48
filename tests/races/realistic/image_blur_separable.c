// adrace-expect: race-free
// Separable box blur in one parallel region: the horizontal pass writes tmp (row by row), the implicit
// barrier of its omp for completes tmp, and the vertical pass reads tmp and writes out. Edge pixels use
// clamped (?:) neighbour indices; img is read only.
#include <stdio.h>

#define W 320
#define H 240
#define R 2

static float img[H][W], tmp[H][W], out[H][W];

static inline int clampi(int v, int lo, int hi)
{
  return v < lo ? lo : (v > hi ? hi : v);
}

static void box_blur(int width, int height, int radius)
{
  int x, y;
  float norm = 1.0f / (2 * radius + 1);
#pragma omp parallel private(x) firstprivate(norm)
  {
#pragma omp for schedule(static)
    for (y = 0; y < height; y++)
      for (x = 0; x < width; x++) {
        float s = 0.0f;
        int d;
        for (d = -radius; d <= radius; d++)
          s += img[y][clampi(x + d, 0, width - 1)];
        tmp[y][x] = s * norm;
      }
#pragma omp for schedule(static)
    for (y = 0; y < height; y++)
      for (x = 0; x < width; x++) {
        float s = 0.0f;
        int d;
        for (d = -radius; d <= radius; d++)
          s += tmp[clampi(y + d, 0, height - 1)][x];
        out[y][x] = s * norm;
      }
  }
}

int main(void)
{
  int x, y;
  for (y = 0; y < H; y++)
    for (x = 0; x < W; x++)
      img[y][x] = (float)(((x / 8) + (y / 8)) % 2);
  box_blur(W, H, R);
  printf("%f %f\n", out[H / 2][W / 2], out[0][0]);
  return 0;
}
