// adrace-expect: race-free
// The single's thread sets the second weight between creating the two scaling tasks: the first task
// never reads it, and the second is created after the write, so the write happens before it runs.
#include <stdio.h>

#define N 4096

static double src[N], left[N / 2], right[N / 2];

int main(void)
{
  double w_left = 0.75, w_right = 0.0, total = 0.0;
  int i;
  for (i = 0; i < N; i++)
    src[i] = (double)(i % 17);
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      int j;
      for (j = 0; j < N / 2; j++)
        left[j] = w_left * src[j];
    }
    w_right = 1.0 - w_left; /* read by the next task only */
#pragma omp task
    {
      int j;
      for (j = 0; j < N / 2; j++)
        right[j] = w_right * src[N / 2 + j];
    }
#pragma omp taskwait
    total = left[N / 4] + right[N / 4];
  }
  printf("total %.3f\n", total);
  return 0;
}
