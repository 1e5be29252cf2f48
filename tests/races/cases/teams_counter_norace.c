// adrace-expect: race-free
// reduction(+: visits) on the teams construct gives every team its own counter, combined into the
// shared one at the end of the region.
/* Counting the teams that ran (host teams, num_teams from a macro). */
#include <stdio.h>
#include <omp.h>

#define NUM_TEAMS 4

int visits = 0;
int team_seen[NUM_TEAMS];

int main(void)
{
#pragma omp teams num_teams(NUM_TEAMS) reduction(+: visits)
  {
    int me = omp_get_team_num();
    if (me < NUM_TEAMS)
      team_seen[me] = 1;
    visits++;
  }
  printf("%d teams, team 0 %s\n", visits, team_seen[0] ? "ran" : "did not run");
  return 0;
}
