// adrace-expect: race-free
// Each section scatters into its own output array (lo_out, hi_out) through its own index array; the
// index contents do not matter because no array is written by both sections.
/* Two sections scatter counts through index arrays. */
#include <stdio.h>

#define LEN 2000
#define NOUT 100

static int lo_idx[LEN], hi_idx[LEN];
static double acc[NOUT], hi_out[NOUT];

int main(void)
{
  int i;
  for (i = 0; i < LEN; i++) {
    lo_idx[i] = i % NOUT;
    hi_idx[i] = (7 * i) % NOUT;
  }
#pragma omp parallel sections
  {
#pragma omp section
    {
      int k;
      for (k = 0; k < LEN; k++)
        acc[lo_idx[k]] += 1.0;
    }
#pragma omp section
    {
      int k;
      for (k = 0; k < LEN; k++)
        hi_out[hi_idx[k]] += 1.0;
    }
  }
  printf("%f %f\n", acc[0], hi_out[0]);
  return 0;
}
