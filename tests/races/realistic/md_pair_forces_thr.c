// adrace-expect: race-free
// Lennard-Jones pair forces with a half neighbour list and Newton's third law, in the style of
// LAMMPS' OpenMP package: pair (i, j) adds to both atoms, so each thread accumulates into its own
// force buffer fthr + tid * 3 * natoms (cleared by the thread itself), and after the loop's barrier a
// worksharing loop over atoms sums the buffers of all threads into f[3 * i ..]. The energy is a
// reduction. nthr is set in a single before anyone uses it.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define NATOMS 512
#define MAXNEIGH 64
#define CUTSQ 2.25

static double pos[3 * NATOMS], f[3 * NATOMS];
static int numneigh[NATOMS], neigh[NATOMS * MAXNEIGH];

static double compute_forces(double *fthr, int natoms)
{
  double epot = 0.0;
  int nthr = 1;
#pragma omp parallel reduction(+: epot)
  {
    int tid = omp_get_thread_num();
    double *fl = fthr + (size_t)tid * 3 * natoms;   /* this thread's buffer */
    int i, k, t;
#pragma omp single
    nthr = omp_get_num_threads();
    for (k = 0; k < 3 * natoms; k++)
      fl[k] = 0.0;
#pragma omp for schedule(dynamic, 16)
    for (i = 0; i < natoms; i++) {
      int jj;
      for (jj = 0; jj < numneigh[i]; jj++) {
        int j = neigh[i * MAXNEIGH + jj];
        double dx = pos[3 * i] - pos[3 * j], dy = pos[3 * i + 1] - pos[3 * j + 1];
        double dz = pos[3 * i + 2] - pos[3 * j + 2];
        double r2 = dx * dx + dy * dy + dz * dz;
        if (r2 < CUTSQ) {
          double r2i = 1.0 / r2, r6i = r2i * r2i * r2i;
          double fpair = 48.0 * r6i * (r6i - 0.5) * r2i;
          fl[3 * i] += dx * fpair;
          fl[3 * i + 1] += dy * fpair;
          fl[3 * i + 2] += dz * fpair;
          fl[3 * j] -= dx * fpair;
          fl[3 * j + 1] -= dy * fpair;
          fl[3 * j + 2] -= dz * fpair;
          epot += 4.0 * r6i * (r6i - 1.0);
        }
      }
    }
    /* implicit barrier: every buffer is complete */
#pragma omp for
    for (i = 0; i < natoms; i++) {
      double sx = 0.0, sy = 0.0, sz = 0.0;
      for (t = 0; t < nthr; t++) {
        const double *ft = fthr + (size_t)t * 3 * natoms;
        sx += ft[3 * i];
        sy += ft[3 * i + 1];
        sz += ft[3 * i + 2];
      }
      f[3 * i] = sx;
      f[3 * i + 1] = sy;
      f[3 * i + 2] = sz;
    }
  }
  return epot;
}

int main(void)
{
  int i, j, nx = 8;
  double *fthr = malloc(sizeof(double) * 3 * NATOMS * omp_get_max_threads());
  double e;
  for (i = 0; i < NATOMS; i++) {   /* a perturbed simple cubic lattice */
    pos[3 * i] = 1.1 * (i % nx) + 0.01 * (i % 3);
    pos[3 * i + 1] = 1.1 * ((i / nx) % nx) + 0.01 * (i % 5);
    pos[3 * i + 2] = 1.1 * (i / (nx * nx));
  }
  for (i = 0; i < NATOMS; i++) {   /* half list: j > i only */
    numneigh[i] = 0;
    for (j = i + 1; j < NATOMS && numneigh[i] < MAXNEIGH; j++) {
      double dx = pos[3 * i] - pos[3 * j], dy = pos[3 * i + 1] - pos[3 * j + 1];
      double dz = pos[3 * i + 2] - pos[3 * j + 2];
      if (dx * dx + dy * dy + dz * dz < 1.5 * CUTSQ)
        neigh[i * MAXNEIGH + numneigh[i]++] = j;
    }
  }
  e = compute_forces(fthr, NATOMS);
  printf("epot %.6f f[0] %.6f f[last] %.6f\n", e, f[0], f[3 * NATOMS - 1]);
  free(fthr);
  return 0;
}
