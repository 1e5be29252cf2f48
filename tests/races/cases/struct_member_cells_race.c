// adrace-expect: race definite
// adrace-race: 35 m->cells[].energy
// The neighbours are read from the cells themselves: iteration c reads the energy that iterations
// c - 1 and c + 1 write.
/* Finite-volume update over the cells a mesh struct holds. */
#include <stdio.h>

#define NCELL 400
#define NFACE 4

typedef struct {
  double flux[NFACE];
  double energy;
  double volume;
} Cell;

typedef struct {
  int ncell;
  double dt;
  Cell cells[NCELL];
} Mesh;

static Mesh mesh;
static double old_energy[NCELL];

static void update(Mesh *m)
{
  int c, f;
  double sum;
#pragma omp parallel for private(f, sum)
  for (c = 1; c < m->ncell - 1; c++) {
    sum = 0.0;
    for (f = 0; f < NFACE; f++)
      sum += m->cells[c].flux[f];
    m->cells[c].energy = m->cells[c].energy + m->dt * sum / m->cells[c].volume
                         + 0.1 * (m->cells[c - 1].energy + m->cells[c + 1].energy);
  }
}

int main(void)
{
  int c, f;
  mesh.ncell = NCELL;
  mesh.dt = 0.01;
  for (c = 0; c < NCELL; c++) {
    for (f = 0; f < NFACE; f++)
      mesh.cells[c].flux[f] = 0.001 * (c % 5 + f);
    mesh.cells[c].energy = 1.0;
    mesh.cells[c].volume = 1.0 + 0.01 * c;
    old_energy[c] = mesh.cells[c].energy;
  }
  update(&mesh);
  printf("%f\n", mesh.cells[NCELL / 2].energy);
  return 0;
}
