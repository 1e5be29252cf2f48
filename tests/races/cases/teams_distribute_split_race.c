// adrace-expect: race definite
// adrace-race: 18 total
// Every iteration of every team adds into the mapped scalar total without a reduction clause.
/* Offloaded dot product written with teams and the distributed loop as two directives, the reduction forgotten. */
#define LEN 65536
#define NTEAMS 8

double v[LEN], w[LEN];

double dot(int len)
{
  int i;
  double total = 0.0;
#pragma omp target teams num_teams(NTEAMS) map(to: v[0:LEN], w[0:LEN]) map(tofrom: total)
  {
#pragma omp distribute parallel for
    for (i = 0; i < len; i++)
      total += v[i] * w[i];
  }
  return total;
}
