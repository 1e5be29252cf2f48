// adrace-expect: race definite
// adrace-race: 27 partial
// The neighbour's partial sum is read after the `if (check)` block: with check == 0 no thread meets the
// barrier, and thread t reads partial[t+1] while thread t+1 may still be writing it.
#include <omp.h>

#define MAXT 64

static double partial[MAXT];

double norm_check(const double *x, int n, int check)
{
  double total = 0.0;
#pragma omp parallel firstprivate(n) reduction(+:total)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads(), i;
    double s = 0.0;
    for (i = t; i < n; i += nt)
      s += x[i] * x[i];
    if (t < MAXT && nt <= MAXT) {
      partial[t] = s;
    }
    if (check) {
      /* every partial sum is in before anyone reads them */
#pragma omp barrier
    }
    if (t < MAXT && nt <= MAXT) total = partial[(t + 1) % nt];
  }
  return total;
}
