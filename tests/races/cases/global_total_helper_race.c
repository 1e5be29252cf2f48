// adrace-expect: race definite
// adrace-race: 27 running_total
// The helper adds to the file-scope running total under a critical section, but the loop body reads
// running_total outside any: one thread reads it while another's deposit() adds to it.
/* Flagging the cells whose running energy total passes a budget. */
#include <stdio.h>

#define NCELL 2000

static double energy[NCELL];
static int past_budget[NCELL];
static double running_total;

static void deposit(double e)
{
#pragma omp critical
  running_total += e;
}

static void flag_cells(double budget)
{
  int c;
  double seen;
#pragma omp parallel for private(seen)
  for (c = 0; c < NCELL; c++) {
    deposit(energy[c]);
    seen = running_total;
    past_budget[c] = seen > budget;
  }
}

int main(void)
{
  int c, n = 0;
  for (c = 0; c < NCELL; c++)
    energy[c] = 0.001 * (c % 17);
  flag_cells(5.0);
  for (c = 0; c < NCELL; c++)
    n += past_budget[c];
  printf("%f %d\n", running_total, n > 0);
  return 0;
}
