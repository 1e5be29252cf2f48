// adrace-expect: race-free
// Particle-in-cell binning: each particle computes its own cell index (direct write cell_of[p]);
// the per-cell counts are incremented with omp atomic, and a second loop accumulates charge density
// with atomic updates. Positions are only read.
#include <stdio.h>

#define NPART 20000
#define NCELL 128
#define LBOX 1.0f

typedef struct {
  float x, vx, q;
} particle_t;

static particle_t parts[NPART];
static int cell_of[NPART], count[NCELL];
static float rho[NCELL];

static inline int cell_index(float x)
{
  int c = (int)(x / LBOX * NCELL);
  return c < 0 ? 0 : (c >= NCELL ? NCELL - 1 : c);
}

static void bin_particles(int np)
{
  int p;
#pragma omp parallel
  {
#pragma omp for
    for (p = 0; p < np; p++) {
      int c = cell_index(parts[p].x);
      cell_of[p] = c;
#pragma omp atomic update
      count[c]++;
    }
#pragma omp for
    for (p = 0; p < np; p++) {
      float w = parts[p].q / (float)NPART;
#pragma omp atomic
      rho[cell_of[p]] += w;
    }
  }
}

int main(void)
{
  int p, c, total = 0;
  for (p = 0; p < NPART; p++) {
    parts[p].x = (float)((p * 7919) % 10007) / 10007.0f;
    parts[p].vx = 0.0f;
    parts[p].q = (p % 2) ? 1.0f : -1.0f;
  }
  bin_particles(NPART);
  for (c = 0; c < NCELL; c++)
    total += count[c];
  printf("%d %f\n", total, rho[NCELL / 2]);
  return 0;
}
