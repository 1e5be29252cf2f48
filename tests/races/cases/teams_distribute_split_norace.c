// adrace-expect: race-free
// teams with distribute parallel for as its whole body is the combined construct: each iteration scales its own element.
/* Offloaded scaling written with the teams and the distributed loop as two directives, as in OpenMP tutorials. */
#define LEN 65536
#define NTEAMS 8

double v[LEN], w[LEN];

void scale(double alpha, int len)
{
  int i;
#pragma omp target teams num_teams(NTEAMS) map(to: v[0:LEN]) map(from: w[0:LEN])
  {
#pragma omp distribute parallel for dist_schedule(static, 256)
    for (i = 0; i < len; i++)
      w[i] = alpha * v[i];
  }
}
