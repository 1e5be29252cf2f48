// adrace-expect: race definite
// adrace-race: 42 carry
// Twin of task_prefix_blocks_norace.c whose carry task lost depend(in: carry[b]): it reads the carry
// while the task of the block before may still be writing it.
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
#pragma omp task firstprivate(b) depend(out: carry[b + 1]) depend(inout: x[AT(b, 0):BS])
    {
      add_carry(&x[AT(b, 0)], BS, carry[b]);
      carry[b + 1] = x[AT(b, BS - 1)];
    }
  }
  printf("x[N - 1] = %ld\n", x[N - 1]);
  return 0;
}
