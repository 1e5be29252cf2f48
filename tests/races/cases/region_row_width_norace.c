// adrace-expect: race-free
// Each thread fills its own row out[tid * onx ...], onx an input, with the columns bounded by the
// row width too (MIN(nx, onx)): no two threads meet, whatever the caller passes.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 64
#define MAX_THREADS 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

static void fill_rows(double *out, const double *in, int nx, int onx)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), i;
    for (i = 0; i < MIN(nx, onx); i++)
      out[tid * onx + i] = 2.0 * in[tid * nx + i];
  }
}

int main(void)
{
  double *in = malloc(MAX_THREADS * NX * sizeof(double)), *out = calloc(MAX_THREADS * NX, sizeof(double));
  double sum = 0.0;
  int k;
  if (!in || !out || omp_get_max_threads() > MAX_THREADS)
    return 1;
  for (k = 0; k < MAX_THREADS * NX; k++)
    in[k] = (double)(k % 3);
  fill_rows(out, in, NX, NX / 2);
  for (k = 0; k < MAX_THREADS * NX; k++)
    sum += out[k];
  printf("%f\n", sum);
  free(in);
  free(out);
  return 0;
}
