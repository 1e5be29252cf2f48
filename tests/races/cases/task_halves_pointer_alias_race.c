// adrace-expect: race definite
// adrace-race: 37 buf
// Without restrict, dst and src may be the same array, and main passes the same one (buf): the
// first task's read of src[i+1] at the middle meets the second task's write of dst[mid].
/* Two tasks each process one half of a vector, through pointer parameters. */
#include <stdio.h>

#define LEN 1000

static double buf[LEN + 1], out[LEN];

static void shift_halves(double *dst, const double *src, int n)
{
  int mid = n / 2;
#pragma omp task firstprivate(dst, src, mid)
  {
    int i;
    for (i = 0; i < mid; i++)
      dst[i] = 0.5 * (src[i] + src[i + 1]); /* first half */
  }
#pragma omp task firstprivate(dst, src, mid, n)
  {
    int i;
    for (i = mid; i < n; i++)
      dst[i] = 0.5 * (src[i] + src[i + 1]); /* second half */
  }
#pragma omp taskwait
}

int main(void)
{
  int i;
  for (i = 0; i <= LEN; i++)
    buf[i] = i % 3;
#pragma omp parallel
#pragma omp single
  shift_halves(buf, buf, LEN);
  printf("%f %f\n", buf[LEN / 2], out[LEN / 2]);
  return 0;
}
