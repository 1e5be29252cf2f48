// adrace-expect: race-free
// One thread computes the norm and clears the input through two helpers inside the single; the
// single's barrier orders both before the loop that reads the norm and writes u again.
#include <math.h>

#define N 2048

static float u[N], r[N];
static float norm;

static float sum_squares(const float *v, int n)
{
  int k;
  float s = 0.0f;
  for (k = 0; k < n; k++)
    s += v[k] * v[k];
  return s;
}

static void clear(float *v, int n)
{
  int k;
  for (k = 0; k < n; k++)
    v[k] = 0.0f;
}

void normalise_residual(float gain)
{
  int i;
#pragma omp parallel private(i) firstprivate(gain)
  {
#pragma omp for
    for (i = 0; i < N; i++)
      r[i] = gain * u[i];
#pragma omp single
    {
      norm = sqrtf(sum_squares(r, N)) + 1e-12f;
      clear(u, N);
    }
#pragma omp for
    for (i = 0; i < N; i++)
      u[i] = r[i] / norm /* unit length */;
  }
}
