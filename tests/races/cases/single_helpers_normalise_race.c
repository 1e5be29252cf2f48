// adrace-expect: race definite
// adrace-race: 40 u
// adrace-race: 39 norm
// With nowait on the single, the other threads start the last loop while the single thread may still
// compute the norm and clear u through its helpers.
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
#pragma omp single nowait
    {
      norm = sqrtf(sum_squares(r, N)) + 1e-12f;
      clear(u, N);
    }
#pragma omp for
    for (i = 0; i < N; i++)
      u[i] = r[i] / norm /* unit length */;
  }
}
