// adrace-expect: race definite
// adrace-race: 38 partial
// Each worker scales its partial sum after incrementing the counter: the release orders only what
// came before it, so thread 0 may add partial[tid] while the worker rescales it.
/* Block sums combined by a master thread that waits on a completion counter. */
#include <stdio.h>
#include <omp.h>

#define NWORK 7
#define BLOCK 1000

double x[NWORK * BLOCK];
double partial[NWORK + 1];
int finished = 0;

static double block_sum(const double *v, int first, int count)
{
  int k;
  double s = 0.0;
  for (k = first; k < first + count; k++)
    s += v[k];
  return s;
}

int main(void)
{
  double total = 0.0;
  int i;
  for (i = 0; i < NWORK * BLOCK; i++)
    x[i] = 1.0 / (i + 1);
#pragma omp parallel num_threads(NWORK + 1) shared(total)
  {
    int tid = omp_get_thread_num();
    if (tid > 0) {
      partial[tid] = block_sum(x, (tid - 1) * BLOCK, BLOCK);
#pragma omp atomic update release
      finished++;
      partial[tid] *= 0.5;
    } else {
      int seen = 0, w;
      while (seen < NWORK) {
#pragma omp atomic read acquire
        seen = finished;
      }
      for (w = 1; w <= NWORK; w++)
        total += partial[w];
    }
  }
  printf("total = %.6f\n", total);
  return 0;
}
