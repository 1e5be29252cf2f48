// adrace-expect: race-free
// smooth_point() allocates its scratch buffer on every call and frees it before returning: each
// call, on each thread, has a block of its own.
/* A helper with a heap scratch buffer, called from a parallel loop. */
#include <stdio.h>
#include <stdlib.h>

#define NPTS 2000
#define WIDTH 5

double signal_in[NPTS + WIDTH], signal_out[NPTS];

static double smooth_point(const double *x, int i)
{
  double *scratch = (double *) malloc(WIDTH * sizeof(double));
  double sum = 0.0;
  int k;
  if (scratch == NULL)
    return 0.0;
  for (k = 0; k < WIDTH; k++)
    scratch[k] = x[i + k] / WIDTH;
  for (k = 0; k < WIDTH; k++)
    sum += scratch[k];
  free(scratch);
  return sum;
}

int main(void)
{
  int i;
  for (i = 0; i < NPTS + WIDTH; i++)
    signal_in[i] = (double) (i % 11);
#pragma omp parallel for
  for (i = 0; i < NPTS; i++)
    signal_out[i] = smooth_point(signal_in, i);
  printf("%f\n", signal_out[NPTS - 1]);
  return 0;
}
