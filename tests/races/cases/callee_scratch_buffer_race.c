// adrace-expect: race definite
// adrace-race: 20 scratch
// The scratch buffer is allocated once, in main, and kept in a file-scope pointer: every call, on
// every thread, fills the same block.
/* A helper with a heap scratch buffer, called from a parallel loop. */
#include <stdio.h>
#include <stdlib.h>

#define NPTS 2000
#define WIDTH 5

double signal_in[NPTS + WIDTH], signal_out[NPTS];
double *scratch;

static double smooth_point(const double *x, int i)
{
  double sum = 0.0;
  int k;
  for (k = 0; k < WIDTH; k++)
    scratch[k] = x[i + k] / WIDTH;
  for (k = 0; k < WIDTH; k++)
    sum += scratch[k];
  return sum;
}

int main(void)
{
  int i;
  scratch = (double *) malloc(WIDTH * sizeof(double));
  if (scratch == NULL)
    return 1;
  for (i = 0; i < NPTS + WIDTH; i++)
    signal_in[i] = (double) (i % 11);
#pragma omp parallel for
  for (i = 0; i < NPTS; i++)
    signal_out[i] = smooth_point(signal_in, i);
  printf("%f\n", signal_out[NPTS - 1]);
  free(scratch);
  return 0;
}
