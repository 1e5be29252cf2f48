// adrace-expect: race definite
// adrace-race: 51 sig
// Twin of task_pipeline_stages_norace.c whose smoothing task says depend(in) instead of inout: it is
// no longer ordered before the summing task of its block, which reads the block while it is written.
#include <stdio.h>

#define NBLK 32
#define BLK 128
#define LEN (NBLK * BLK)
#define IDX(b, k) ((b) * BLK + (k))

static float sig[LEN];
static double part[NBLK];

/* fill one block from its global offset */
static void load(float *dst, int first, int n)
{
  int k;
  for (k = 0; k < n; k++)
    dst[k] = (float)((first + k) % 17) * 0.25f;
}

/* two-point average, right to left so every read sees the old value */
static void smooth(float *v, int n)
{
  int k;
  for (k = n - 1; k > 0; k--)
    v[k] = 0.5f * (v[k] + v[k - 1]);
}

static double block_total(const float *v, int n)
{
  int k;
  double s = 0.0;
  for (k = 0; k < n; k++)
    s += v[k];
  return s;
}

int main(void)
{
  int b;
  double total = 0.0;
#pragma omp parallel
#pragma omp single
  for (b = 0; b < NBLK; b++) {
    float *blk = &sig[IDX(b, 0)];
#pragma omp task firstprivate(blk, b) depend(out: blk[0])
    load(blk, IDX(b, 0), BLK);
#pragma omp task firstprivate(blk, b) depend(in: blk[0])
    smooth(&sig[IDX(b, 0)], BLK); /* the block blk points at */
#pragma omp task firstprivate(blk, b) depend(in: blk[0])
    part[b] = block_total(blk, BLK);
  }
  for (b = 0; b < NBLK; b++)
    total += part[b];
  printf("total = %f\n", total);
  return 0;
}
