// adrace-expect: race-free
// A target teams region without distribute: every team runs the whole block, summing a strided part
// of x into its own s and storing it in its own slot partial[team] (mapped back with map(tofrom:)).
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
      partial[team] = s;
  }
  for (i = 0; i < NUM_TEAMS; i++)
    total += partial[i];
  printf("%f\n", total);
  return 0;
}
