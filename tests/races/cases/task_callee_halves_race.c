// adrace-expect: race definite
// adrace-race: 38 signal_buf
// The upper-half task starts one sample early: both tasks scale v[mid - 1] at the same time.
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
    for (i = mid - 1; i < n; i++) /* upper half, one sample early */
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
