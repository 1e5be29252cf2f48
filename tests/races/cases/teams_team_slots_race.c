// adrace-expect: race definite
// adrace-race: 18 last_team
// Every team writes the one shared variable last_team; teams run concurrently.
/* One partial result per team (host teams, OpenMP 5.0). */
#include <stdio.h>
#include <omp.h>

#define NTEAMS 4

double partial[NTEAMS];
int last_team = -1;

int main(void)
{
#pragma omp teams num_teams(NTEAMS)
  {
    int team = omp_get_team_num();
    last_team = team;
  }
  printf("%f %d\n", partial[NTEAMS - 1], last_team);
  return 0;
}
