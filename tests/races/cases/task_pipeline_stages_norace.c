// adrace-expect: race-free
// Per block of a signal, one task loads the block, a second smooths it in place after the load
// (depend(inout) on the block's first element) and a third sums it after the smoothing; the blocks
// are disjoint, so only the tasks of one block need an order, and each block's sum has its own slot.
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
#pragma omp task firstprivate(blk) depend(inout: blk[0])
    smooth(blk, BLK);
#pragma omp task firstprivate(blk, b) depend(in: blk[0])
    part[b] = block_total(blk, BLK);
  }
  for (b = 0; b < NBLK; b++)
    total += part[b];
  printf("total = %f\n", total);
  return 0;
}
