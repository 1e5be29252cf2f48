// adrace-expect: race-free
// The producer thread fills the residual vector, then takes a ticket with an atomic capture
// seq_cst (`ticket = nready++`), which is the flag's only write; the consumer waits in a do/while
// on an atomic read acquire until nready is non-zero and only then reduces the residual.
/* Residual hand-off from a solver thread to a monitor thread. */
#include <stdio.h>
#include <math.h>
#include <omp.h>

#define NRES 200

float resid[NRES];
int nready = 0;
float rnorm = 0.0f;

static void compute_residual(float *r, int n)
{
  int i;
  for (i = 0; i < n; i++)
    r[i] = 1.0f / (float)(i + 1);
}

int main(void)
{
#pragma omp parallel num_threads(2)
  {
    int tid = omp_get_thread_num();
    if (tid == 0) {
      int ticket;
      compute_residual(resid, NRES);
#pragma omp atomic capture seq_cst
      ticket = nready++;
      if (ticket != 0)
        printf("unexpected ticket %d\n", ticket);
    } else if (tid == 1) {
      int seen, i;
      float s = 0.0f;
      do {
#pragma omp atomic read acquire
        seen = nready;
      } while (seen == 0);
      for (i = 0; i < NRES; i++)
        s += resid[i] * resid[i];
      rnorm = sqrtf(s);
    }
  }
  printf("rnorm = %g\n", (double)rnorm);
  return 0;
}
