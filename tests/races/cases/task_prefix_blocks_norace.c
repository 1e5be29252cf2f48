// adrace-expect: race-free
// Blocked prefix sum with tasks: per block, one task scans the block in place, and a second adds the
// carry of the blocks before it (depend(in: carry[b])) and passes its own on (depend(out: carry[b + 1])),
// so the carries run block after block while the scans of later blocks go on.
#include <stdio.h>

#define NB 64
#define BS 256
#define N (NB * BS)
#define AT(b, k) ((b) * BS + (k))

static long x[N], carry[NB + 1];

static void scan_block(long *v, int n)
{
  int k;
  for (k = 1; k < n; k++)
    v[k] += v[k - 1];
}

static void add_carry(long *v, int n, long c)
{
  int k;
  for (k = 0; k < n; k++)
    v[k] += c;
}

int main(void)
{
  int b, i;
  for (i = 0; i < N; i++)
    x[i] = i % 7;
  carry[0] = 0;
#pragma omp parallel
#pragma omp single
  for (b = 0; b < NB; b++) {
#pragma omp task firstprivate(b) depend(inout: x[AT(b, 0):BS])
    scan_block(&x[AT(b, 0)], BS);
#pragma omp task firstprivate(b) depend(in: carry[b]) depend(out: carry[b + 1]) depend(inout: x[AT(b, 0):BS])
    {
      add_carry(&x[AT(b, 0)], BS, carry[b]);
      carry[b + 1] = x[AT(b, BS - 1)];
    }
  }
  printf("x[N - 1] = %ld\n", x[N - 1]);
  return 0;
}
