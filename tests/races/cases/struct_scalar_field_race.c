// adrace-expect: race definite
// adrace-race: 17 stats->total
// Every iteration adds into the struct's field without atomic or reduction.
#define NCELL 2048

typedef struct {
  float total;
  int ncells;
} Stats;

void tally(const float *restrict cell, Stats *stats)
{
  int i;
  stats->total = 0.0f;
#pragma omp parallel for
  for (i = 0; i < NCELL; i++)
    stats->total += cell[i];
  stats->ncells = NCELL;
}
