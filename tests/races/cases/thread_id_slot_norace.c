// adrace-expect: race-free
// Each thread accumulates into its own slot partial[tid]: omp_get_thread_num() is distinct per
// thread and the same for every iteration one thread runs.
#include <omp.h>
#define MAXT 256

void partial_sums(int n, const double *a, double partial[MAXT])
{
#pragma omp parallel
  {
    int i;
    int tid = omp_get_thread_num();
    partial[tid] = 0.0;
#pragma omp for
    for (i = 0; i < n; i++) partial[tid] += a[i];
  }
}
