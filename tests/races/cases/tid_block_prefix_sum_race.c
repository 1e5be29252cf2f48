// adrace-expect: race definite
// adrace-race: 38 block_sum
// Twin of realistic/tid_block_prefix_sum.c without the barrier before the single: the thread that
// runs the single reads block_sum[t] of other threads while they may still be storing their totals.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define N 100003
#define MAX_THREADS 64

static int in[N];
static long out[N];
static long block_sum[MAX_THREADS + 1];

static void scan_range(const int *a, long *s, int lo, int hi)
{
  long run = 0;
  int i;
  for (i = lo; i < hi; i++) {
    run += a[i];
    s[i] = run;
  }
}

static void prefix_sum(int n)
{
#pragma omp parallel num_threads(4)
  {
    int tid = omp_get_thread_num();
    int nt = omp_get_num_threads();
    int lo = (int)((long)tid * n / nt);
    int hi = (int)((long)(tid + 1) * n / nt);
    int i;
    long offset;

    scan_range(in, out, lo, hi);
    block_sum[tid + 1] = (hi > lo) ? out[hi - 1] : 0;
#pragma omp single
    {
      int t;
      block_sum[0] = 0;
      for (t = 1; t <= nt; t++)
        block_sum[t] += block_sum[t - 1];
    }
    offset = block_sum[tid];
    for (i = lo; i < hi; i++)
      out[i] += offset;
  }
}

int main(void)
{
  int i;
  for (i = 0; i < N; i++)
    in[i] = (i % 13) - 6 + (i % 3 == 0);
  prefix_sum(N);
  printf("out[0] %ld out[N/2] %ld out[N-1] %ld\n", out[0], out[N / 2], out[N - 1]);
  return 0;
}
