// adrace-expect: race-free
// Each thread times its share with timevals declared inside the region and stores the time in its own slot.
/* Per-thread timing of a blocked update, as benchmarks report load balance. */
#include <stdio.h>
#include <sys/time.h>
#include <omp.h>

#define N 100000
#define MAXTHREADS 256

double x[N], y[N];
double elapsed[MAXTHREADS];

void timed_axpy(double a, int n)
{
#pragma omp parallel
  {
    struct timeval t0, t1;
    int tid = omp_get_thread_num(), i;
    gettimeofday(&t0, NULL);
#pragma omp for schedule(static)
    for (i = 0; i < n; i++)
      y[i] += a * x[i];
    gettimeofday(&t1, NULL);
    if (tid < MAXTHREADS)
      elapsed[tid] = (t1.tv_sec - t0.tv_sec) + 1e-6 * (t1.tv_usec - t0.tv_usec);
  }
  printf("thread 0: %.3f s\n", elapsed[0]);
}
