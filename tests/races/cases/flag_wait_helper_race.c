// adrace-expect: race definite
// adrace-race: 45 halo
// The helper reads the flag with a plain (relaxed) atomic read: it is no acquire, so thread 1 may
// read the halo while thread 0 still packs it; the release write alone orders nothing.
/* Halo hand-off between two threads, the wait written once as a helper. */
#include <stdio.h>
#include <omp.h>

#define NHALO 128

static double halo[NHALO];
static double ghost[NHALO];

static void wait_until_set(int *flag)
{
  int seen = 0;
  while (!seen) {
#pragma omp atomic read
    seen = *flag;
  }
}

static void pack_halo(double *buf, int n)
{
  int k;
  for (k = 0; k < n; k++)
    buf[k] = 0.25 * k;
}

int main(void)
{
  int halo_ready = 0;
  int k;
#pragma omp parallel num_threads(2) shared(halo_ready)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      pack_halo(halo, NHALO);
#pragma omp atomic write release
      halo_ready = 1;
    } else if (me == 1) {
      int j;
      wait_until_set(&halo_ready);
      for (j = 0; j < NHALO; j++)
        ghost[j] = 2.0 * halo[j];
    }
  }
  for (k = 0; k < 3; k++)
    printf("ghost[%d] = %g\n", k, ghost[k]);
  return 0;
}
