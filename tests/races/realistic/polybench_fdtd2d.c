// adrace-expect: race-free
// PolyBench fdtd-2d: per time step, the ey, ex and hz updates are separate worksharing loops of one
// region. Each writes one field from the others; the implicit barriers order them, and the boundary
// row of ey is set by a single loop before the first barrier.
#include <stdio.h>

#define TMAX 8
#define NX 100
#define NY 120

static double ex[NX][NY], ey[NX][NY], hz[NX][NY], fict[TMAX];

static void kernel_fdtd_2d(int tmax, int nx, int ny)
{
  int t, i, j;
#pragma omp parallel private(t, i, j)
  for (t = 0; t < tmax; t++) {
#pragma omp for
    for (j = 0; j < ny; j++)
      ey[0][j] = fict[t];
#pragma omp for
    for (i = 1; i < nx; i++)
      for (j = 0; j < ny; j++)
        ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
#pragma omp for
    for (i = 0; i < nx; i++)
      for (j = 1; j < ny; j++)
        ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
#pragma omp for
    for (i = 0; i < nx - 1; i++)
      for (j = 0; j < ny - 1; j++)
        hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
  }
}

int main(void)
{
  int i, j;
  for (i = 0; i < TMAX; i++)
    fict[i] = (double)i;
  for (i = 0; i < NX; i++)
    for (j = 0; j < NY; j++) {
      ex[i][j] = ((double)i * (j + 1)) / NX;
      ey[i][j] = ((double)i * (j + 2)) / NY;
      hz[i][j] = ((double)i * (j + 3)) / NX;
    }
  kernel_fdtd_2d(TMAX, NX, NY);
  printf("%f %f %f\n", ex[NX / 2][NY / 2], ey[NX / 2][NY / 2], hz[NX / 2][NY / 2]);
  return 0;
}
