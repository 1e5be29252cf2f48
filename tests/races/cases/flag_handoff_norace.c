// adrace-expect: race-free
// Thread 0 fills the boundary buffer, then sets `ready` with an atomic write release; thread 1 waits
// in a do/while on an atomic read acquire of `ready` (0 where the region starts: it is declared 0
// just before it) and only then reads the buffer.
/* Hand-off of a boundary buffer from a producer thread to a consumer thread. */
#include <stdio.h>
#include <omp.h>

#define NB 256

static double boundary[NB];
static double received = 0.0;

static void pack_boundary(double *buf, int n, double scale)
{
  int k;
  for (k = 0; k < n; k++)
    buf[k] = scale * k;
}

static double sum_boundary(const double *buf, int n)
{
  int k;
  double s = 0.0;
  for (k = 0; k < n; k++)
    s += buf[k];
  return s;
}

static void exchange(double scale)
{
  int ready = 0;
#pragma omp parallel num_threads(2) shared(ready)
  {
    int me = omp_get_thread_num();
    if (me == 0) {
      pack_boundary(boundary, NB, scale);
#pragma omp atomic write release
      ready = 1;
    } else if (me == 1) {
      int seen;
      do {
#pragma omp atomic read acquire
        seen = ready;
      } while (seen != 1);
      received = sum_boundary(boundary, NB);
    }
  }
}

int main(void)
{
  exchange(0.5);
  printf("received = %g\n", received);
  return 0;
}
