// adrace-expect: race-free
// Two-pass inclusive prefix sum with hand-partitioned blocks, as in stream compaction codes: thread
// tid scans its own range [lo, hi) with lo = tid * n / nt and hi = (tid + 1) * n / nt and stores the
// block total in block_sum[tid + 1]; after a barrier one thread (single) turns block_sum into block
// offsets; after the single's barrier every thread adds its offset to its own range again.
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
#pragma omp barrier
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
