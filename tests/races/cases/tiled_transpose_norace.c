// adrace-expect: race-free
// Out-of-place tiled transpose: out[j][i] is written by the tile that owns row tile ii; in is only
// read.
/* Blocked transpose. */
#include <stdio.h>

#define NN 256
#define TB 16

float in[NN][NN], out[NN][NN];

int main(void)
{
  int ii, jj, i, j;
  for (i = 0; i < NN; i++)
    for (j = 0; j < NN; j++)
      in[i][j] = (float)(i * NN + j);
#pragma omp parallel for private(jj, i, j)
  for (ii = 0; ii < NN; ii += TB)
    for (jj = 0; jj < NN; jj += TB)
      for (i = ii; i < ii + TB; i++)
        for (j = jj; j < jj + TB; j++)
          out[j][i] = in[i][j];
  printf("%f %f\n", in[1][2], out[1][2]);
  return 0;
}
