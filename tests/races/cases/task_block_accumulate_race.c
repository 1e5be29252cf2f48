// adrace-expect: race definite
// adrace-race: 47 nrm
// Twin of realistic/task_block_accumulate.c whose norm tasks lost depend(inout: nrm): the tasks of
// different blocks add into the shared nrm at the same time.
#include <stdio.h>
#include <math.h>

#define N 10000
#define BS 625

static double xv[N], yv[N], work[2 * N];

static double block_sum(const double *w, int lo, int hi)
{
  double s = 0.0;
  int i;
  for (i = lo; i < hi; i++)
    s += w[i];
  return s;
}

int main(void)
{
  double dot = 0.0, nrm = 0.0, cosine = 0.0;
  int i;
  for (i = 0; i < N; i++) {
    xv[i] = sin(0.01 * i);
    yv[i] = cos(0.013 * i);
  }
#pragma omp parallel
#pragma omp single
  {
    int lo;
    for (lo = 0; lo < N; lo += BS) {
      int hi = (lo + BS < N) ? lo + BS : N;
#pragma omp task firstprivate(lo, hi) depend(out: work[lo], work[N + lo])
      {
        int k;
        for (k = lo; k < hi; k++) {
          work[k] = xv[k] * yv[k];
          work[N + k] = xv[k] * xv[k];
        }
      }
#pragma omp task firstprivate(lo, hi) depend(in: work[lo]) depend(inout: dot)
      dot += block_sum(work, lo, hi);
#pragma omp task firstprivate(lo, hi) depend(in: work[N + lo])
      nrm += block_sum(work, N + lo, N + hi);
    }
#pragma omp taskwait
    cosine = dot / sqrt(nrm);
  }
  printf("dot %.6f nrm %.6f ratio %.6f\n", dot, nrm, cosine);
  return 0;
}
