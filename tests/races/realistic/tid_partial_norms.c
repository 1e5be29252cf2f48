// adrace-expect: race-free
// Thread-id indexed partial results, padded against false sharing: thread tid writes only
// partial[tid * PAD] and partial_max[tid * PAD] (tid is private and distinct per thread); the
// initial thread combines them after the region.
#include <stdio.h>
#include <math.h>
#include <omp.h>

#define LEN 20000
#define MAX_THREADS 64
#define PAD 8 /* one cache line of doubles per thread */

static double v[LEN];
static double partial[MAX_THREADS * PAD], partial_max[MAX_THREADS * PAD];

static double absval(double a) { return a < 0 ? -a : a; }

int main(void)
{
  int i, t, nthreads = 1;
  double norm2 = 0.0, norm_inf = 0.0;
  for (i = 0; i < LEN; i++)
    v[i] = sin(0.001 * i);
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
    double mine = 0.0, mymax = 0.0;
    if (tid == 0)
      nthreads = omp_get_num_threads();
#pragma omp for schedule(static) nowait
    for (i = 0; i < LEN; i++) {
      mine += v[i] * v[i];
      if (absval(v[i]) > mymax)
        mymax = absval(v[i]);
    }
    partial[tid * PAD] = mine;
    partial_max[tid * PAD] = mymax;
  }
  for (t = 0; t < nthreads; t++) {
    norm2 += partial[t * PAD];
    if (partial_max[t * PAD] > norm_inf)
      norm_inf = partial_max[t * PAD];
  }
  printf("%f %f\n", sqrt(norm2), norm_inf);
  return 0;
}
