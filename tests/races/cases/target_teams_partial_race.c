// adrace-expect: race definite
// adrace-race: 28 partial
// partial[team % 2]: teams 0 and 2 (and 1 and 3) store into one slot, and nothing orders two teams.
/* Per-team partial sums on the device (runs on the host without a GPU). */
#include <stdio.h>
#include <omp.h>

#define NUM_TEAMS 4
#define LEN 4096

double x[LEN];
double partial[NUM_TEAMS];

int main(void)
{
  int i;
  double total = 0.0;
  for (i = 0; i < LEN; i++)
    x[i] = 1.0 / (i + 1);
#pragma omp target teams num_teams(NUM_TEAMS) map(to: x) map(tofrom: partial)
  {
    int team = omp_get_team_num();
    int k;
    double s = 0.0;
    for (k = team; k < LEN; k += NUM_TEAMS)
      s += x[k];
    if (team < NUM_TEAMS)
      partial[team % 2] = s; /* two teams per slot */
  }
  for (i = 0; i < NUM_TEAMS; i++)
    total += partial[i];
  printf("%f\n", total);
  return 0;
}
