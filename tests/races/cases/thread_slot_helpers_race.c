// adrace-expect: race definite
// adrace-race: 43 slot
// The second barrier is gone: thread 1 resets slot 0 through the helper while the master may still be
// adding the slots up.
#include <omp.h>

#define MAXT 64

static double slot[MAXT];
static double total;

static void store(double *slots, int who, double value)
{
  slots[who] = value;
}

static double add_up(const double *slots, int count)
{
  int k;
  double s = 0.0;
  for (k = 0; k < count; k++)
    s += slots[k];
  return s;
}

void partial_sums(const double *x, int n)
{
#pragma omp parallel firstprivate(n)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads(), i;
    double mine = 0.0;
    for (i = t; i < n; i += nt)
      mine += x[i];
    if (t < MAXT && nt <= MAXT)
      store(slot, t, mine);
#pragma omp barrier
#pragma omp master
    {
      if (nt <= MAXT)
        total = add_up(slot, nt);
    }
    if (t == 1)
      store(slot, 0, 0.0);
  }
}
