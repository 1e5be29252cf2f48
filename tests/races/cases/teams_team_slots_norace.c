// adrace-expect: race-free
// A host teams construct: each team writes only its own slot partial[omp_get_team_num()].
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
    partial[team] = team * 10.0;
  }
  printf("%f %d\n", partial[NTEAMS - 1], last_team);
  return 0;
}
