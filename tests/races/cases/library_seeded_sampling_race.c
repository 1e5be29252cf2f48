// adrace-expect: race definite
// adrace-race: 24 seed
// All samples draw from one shared seed: every rand_r(&seed) reads and writes it concurrently.
/* Monte Carlo estimate of pi with one seed for the whole run. */
#include <stdlib.h>
#include <math.h>
#include <time.h>

#define NSAMPLES 4096
#define DRAWS 256

unsigned int seed;
float hits_of[NSAMPLES];

double estimate_pi(int nsamples)
{
  int s, d;
  double total = 0.0;
  seed = (unsigned int)time(NULL);
#pragma omp parallel for private(d) reduction(+:total) schedule(dynamic, 64)
  for (s = 0; s < nsamples; s++) {
    int hits = 0;
    for (d = 0; d < DRAWS; d++) {
      double x = rand_r(&seed) / (double)RAND_MAX, y = 0.5;
      if (sqrt(x * x + y * y) <= 1.0) hits++;
    }
    hits_of[s] = (float)hits / DRAWS;
    total += hits_of[s];
  }
  return 4.0 * total / nsamples;
}
