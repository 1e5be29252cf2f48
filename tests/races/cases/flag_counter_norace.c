// adrace-expect: race-free
// Seven worker threads each sum one block into partial[tid] and then increment `finished` with an
// atomic update release; thread 0 waits until finished reaches NWORK (an atomic read acquire) and
// adds the partial sums. All increments are read-modify-writes, so the value NWORK is read after
// every worker's release, and the team has at most NWORK + 1 threads (num_threads).
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
