// adrace-expect: race-free
// Every sample draws from its own seed with rand_r(&seed[s]); the estimate goes through a reduction.
/* Monte Carlo estimate of pi with per-sample seeds, as in a reproducible sampler. */
#include <stdlib.h>
#include <math.h>
#include <time.h>

#define NSAMPLES 4096
#define DRAWS 256

unsigned int seed[NSAMPLES];
float hits_of[NSAMPLES];

double estimate_pi(int nsamples)
{
  int s, d;
  double total = 0.0;
  for (s = 0; s < nsamples; s++) seed[s] = (unsigned int)time(NULL) + 17u * s;
#pragma omp parallel for private(d) reduction(+:total) schedule(dynamic, 64)
  for (s = 0; s < nsamples; s++) {
    int hits = 0;
    for (d = 0; d < DRAWS; d++) {
      double x = rand_r(&seed[s]) / (double)RAND_MAX, y = rand_r(&seed[s]) / (double)RAND_MAX;
      if (sqrt(x * x + y * y) <= 1.0) hits++;
    }
    hits_of[s] = (float)hits / DRAWS;
    total += hits_of[s];
  }
  return 4.0 * total / nsamples;
}
