// adrace-expect: race definite
// adrace-race: 15 out
// The row width is set to 4 before the loop while 8 columns are written: in every run column 4
// of row j is column 0 of row j + 1, which another iteration writes.
#include <stdio.h>

#define NY 256

static void pack(double *out, const double *in, int ny)
{
  int i, j, onx = 4;
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
