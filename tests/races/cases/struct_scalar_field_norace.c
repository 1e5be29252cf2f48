// adrace-expect: race-free
// Statistics kept in a struct: the loop sums into a reduction variable and stores the field once after the loop.
#define NCELL 2048

typedef struct {
  float total;
  int ncells;
} Stats;

void tally(const float *restrict cell, Stats *stats)
{
  int i;
  float total = 0.0f;
#pragma omp parallel for reduction(+:total)
  for (i = 0; i < NCELL; i++)
    total += cell[i];
  stats->total = total;
  stats->ncells = NCELL;
}
