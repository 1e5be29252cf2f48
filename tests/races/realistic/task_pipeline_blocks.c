// adrace-expect: race-free
// A three-stage pipeline over blocks with task dependences: for block b, read -> filter -> reduce are
// chained by depend(out/inout/in) on the block's first element; blocks touch disjoint sections of raw
// and smooth, and every stage-3 task adds into its own blocksum[b]. The single's implicit barrier (and
// the end of the region) waits for all tasks before the totals are read.
#include <stdio.h>

#define NBLOCKS 16
#define BLOCK 256
#define LEN (NBLOCKS * BLOCK)

static float raw[LEN], smooth[LEN];
static double blocksum[NBLOCKS];

static void produce(float *dst, int first, int n)
{
  int k;
  for (k = 0; k < n; k++)
    dst[k] = (float)((first + k) % 29);
}

static void filter(float *dst, const float *src, int n)
{
  int k;
  dst[0] = src[0];
  for (k = 1; k < n; k++)
    dst[k] = 0.5f * (src[k] + src[k - 1]);
}

static double total(const float *src, int n)
{
  int k;
  double s = 0.0;
  for (k = 0; k < n; k++)
    s += src[k];
  return s;
}

int main(void)
{
  int b;
  double sum = 0.0;
#pragma omp parallel
#pragma omp single
  for (b = 0; b < NBLOCKS; b++) {
    float *in = &raw[b * BLOCK], *out = &smooth[b * BLOCK];
#pragma omp task depend(out: in[0]) firstprivate(in, b)
    produce(in, b * BLOCK, BLOCK);
#pragma omp task depend(in: in[0]) depend(out: out[0]) firstprivate(in, out)
    filter(out, in, BLOCK);
#pragma omp task depend(in: out[0]) firstprivate(out, b)
    blocksum[b] = total(out, BLOCK);
  }
  for (b = 0; b < NBLOCKS; b++)
    sum += blocksum[b];
  printf("sum = %f\n", sum);
  return 0;
}
