// adrace-expect: race-free
// Row j of out starts at j * onx, an input, and the columns written stop at the row width too
// (MIN(nx - 1, onx)): whatever the caller passes, each iteration writes its own row only.
#include <stdio.h>
#include <stdlib.h>

#define NX 64
#define NY 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void smooth_rows(int nx, int ny, int onx, double *out, const double *in)
{
  int i, j;
#pragma omp parallel for private(i)
  for (j = 0; j < ny; j++)
    for (i = 0; i < MIN(nx - 1, onx); i++)
      out[j * onx + i] = 0.5 * (in[j * nx + i] + in[j * nx + i + 1]);
}

int main(void)
{
  double *in = malloc(NX * NY * sizeof(double)), *out = calloc(NX * NY, sizeof(double));
  double sum = 0.0;
  int k;
  if (!in || !out)
    return 1;
  for (k = 0; k < NX * NY; k++)
    in[k] = (double)(k % 5);
  smooth_rows(NX, NY, NX / 2, out, in);
  for (k = 0; k < NX * NY; k++)
    sum += out[k];
  printf("%f\n", sum);
  free(in);
  free(out);
  return 0;
}
