// adrace-expect: race-free
// The row width is set to 8 before the loop and 8 columns are written: every column stays in
// its row, so each iteration writes its own row of out.
#include <stdio.h>

#define NY 256

static void pack(double *out, const double *in, int ny)
{
  int i, j, onx = 8;
#pragma omp parallel for private(i)
  for (j = 0; j < ny; j++)
    for (i = 0; i < 8; i++)
      out[j * onx + i] = in[j * 8 + i];
}

int main(void)
{
  static double in[NY * 8], out[NY * 8 + 8];
  double sum = 0.0;
  int k;
  for (k = 0; k < NY * 8; k++)
    in[k] = (double)(k % 13);
  pack(out, in, NY);
  for (k = 0; k < NY * 8; k++)
    sum += out[k];
  printf("%f\n", sum);
  return 0;
}
