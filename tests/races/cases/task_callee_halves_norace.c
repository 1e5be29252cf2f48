// adrace-expect: race-free
// The single calls a helper that scales the two halves of the signal in two tasks and waits for
// them; the halves [0, mid) and [mid, n) are disjoint.
/* Gain correction of a sampled signal, split in two tasks by a helper. */
#include <stdio.h>

#define NSAMPLES 4096
#define GAIN 0.5f

static float signal_buf[NSAMPLES];

static int scale_halves(float *v, int n, float gain)
{
  int mid = n / 2;
#pragma omp task
  {
    int i;
    for (i = 0; i < mid; i++)
      v[i] = v[i] * gain;
  }
#pragma omp task
  {
    int i;
    for (i = mid; i < n; i++) /* upper half */
      v[i] = v[i] * gain;
  }
#pragma omp taskwait
  return 0;
}

int main(void)
{
  int i, status = 0;
  for (i = 0; i < NSAMPLES; i++)
    signal_buf[i] = (float)(i % 17);
#pragma omp parallel
#pragma omp single
  status = scale_halves(signal_buf, NSAMPLES, GAIN);
  printf("status %d, v[%d] = %f\n", status, NSAMPLES - 1, signal_buf[NSAMPLES - 1]);
  return status;
}
