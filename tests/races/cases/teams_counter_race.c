// adrace-expect: race definite
// adrace-race: 20 visits
// Every team of the league increments the shared counter visits: nothing orders two teams.
/* Counting the teams that ran (host teams, num_teams from a macro). */
#include <stdio.h>
#include <omp.h>

#define NUM_TEAMS 4

int visits = 0;
int team_seen[NUM_TEAMS];

int main(void)
{
#pragma omp teams num_teams(NUM_TEAMS)
  {
    int me = omp_get_team_num();
    if (me < NUM_TEAMS)
      team_seen[me] = 1;
    visits++;
  }
  printf("%d teams, team 0 %s\n", visits, team_seen[0] ? "ran" : "did not run");
  return 0;
}
