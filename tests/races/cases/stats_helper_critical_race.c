// adrace-expect: race definite
// adrace-race: 34 stats->total
// The helper updates the total under a critical section, but the loop body reads it outside any:
// one thread reads stats->total while another's helper call adds to it.
/* Running statistics of filtered samples, with a progress flag. */
#include <stdio.h>

#define NSAMPLE 2000

typedef struct {
  int count;
  double total;
} Stats;

static double sample[NSAMPLE];
static int over[NSAMPLE];

static void accumulate(Stats *s, double v)
{
#pragma omp critical
  {
    s->count++;
    s->total += v;
  }
}

static void scan(Stats *stats, double limit)
{
  int i;
  double seen;
#pragma omp parallel for private(seen)
  for (i = 0; i < NSAMPLE; i++) {
    accumulate(stats, 0.5 * sample[i]);
    seen = stats->total;
    over[i] = seen > limit;
  }
}

int main(void)
{
  Stats stats = {0, 0.0};
  int i, n_over = 0;
  for (i = 0; i < NSAMPLE; i++)
    sample[i] = 0.001 * (i % 31);
  scan(&stats, 10.0);
  for (i = 0; i < NSAMPLE; i++)
    n_over += over[i];
  printf("%d %f %d\n", stats.count, stats.total, n_over > 0);
  return 0;
}
