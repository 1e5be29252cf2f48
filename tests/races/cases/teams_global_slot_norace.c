// adrace-expect: race-free
// Each team of the host teams construct writes and reads only its own elements of the file-scope
// arrays, at t = omp_get_team_num(); no two teams touch the same slot.
/* Per-team scratch in file-scope arrays (host teams, OpenMP 5.0). */
#include <stdio.h>
#include <omp.h>

#define MAX_TEAMS 16
#define LEN 64

double team_sum[MAX_TEAMS];
double team_max[MAX_TEAMS];
double data[LEN];

int main(void)
{
  int k;
  for (k = 0; k < LEN; k++)
    data[k] = 0.5 * k;
#pragma omp teams num_teams(MAX_TEAMS)
  {
    int t = omp_get_team_num();
    int j;
    team_sum[t] = 0.0;
    team_max[t] = data[0];
    for (j = t; j < LEN; j += MAX_TEAMS) {
      team_sum[t] += data[j];
      if (data[j] > team_max[t])
        team_max[t] = data[j];
    }
  }
  printf("%f %f\n", team_sum[0], team_max[0]);
  return 0;
}
