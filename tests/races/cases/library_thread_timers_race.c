// adrace-expect: race definite
// adrace-race: 22 t0
// The start time is a file-scope timeval: every thread's gettimeofday(&t0, NULL) writes it at once.
/* Per-thread timing of a blocked update, with the start time declared once for the file. */
#include <stdio.h>
#include <sys/time.h>
#include <omp.h>

#define N 100000
#define MAXTHREADS 256

double x[N], y[N];
double elapsed[MAXTHREADS];
struct timeval t0;

void timed_axpy(double a, int n)
{
#pragma omp parallel
  {
    struct timeval t1;
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
