// adrace-expect: race-free
// LULESH-style element loop: gathers the 8 corner coordinates of element k through the node list (reads
// only) into locals, and writes only vnew[k] and delv[k]; node arrays are never written.
#include <stdio.h>
#include <stdlib.h>

typedef double Real_t;
typedef int Index_t;

#define EDGE 10
#define NUM_ELEM (EDGE * EDGE * EDGE)
#define NUM_NODE ((EDGE + 1) * (EDGE + 1) * (EDGE + 1))

static Real_t x[NUM_NODE], y[NUM_NODE], z[NUM_NODE];
static Index_t nodelist[8 * NUM_ELEM];
static Real_t volo[NUM_ELEM], vnew[NUM_ELEM], delv[NUM_ELEM], v[NUM_ELEM];

static inline const Index_t *nodes_of(Index_t k) { return &nodelist[8 * k]; }

/* a box estimate of the hexahedron's volume from its bounding corners */
static Real_t CalcElemVolume(const Real_t xc[8], const Real_t yc[8], const Real_t zc[8])
{
  Real_t dx = xc[6] - xc[0], dy = yc[6] - yc[0], dz = zc[6] - zc[0];
  return dx * dy * dz;
}

static void CalcNewVolumes(Index_t numElem)
{
  Index_t k;
#pragma omp parallel for
  for (k = 0; k < numElem; ++k) {
    Real_t xc[8], yc[8], zc[8];
    const Index_t *elemToNode = nodes_of(k);
    int lnode;
    for (lnode = 0; lnode < 8; ++lnode) {
      Index_t gnode = elemToNode[lnode];
      xc[lnode] = x[gnode];
      yc[lnode] = y[gnode];
      zc[lnode] = z[gnode];
    }
    vnew[k] = CalcElemVolume(xc, yc, zc) / volo[k];
    delv[k] = vnew[k] - v[k];
  }
}

int main(void)
{
  Index_t i, j, l, k = 0, n = 0;
  for (l = 0; l <= EDGE; l++)
    for (j = 0; j <= EDGE; j++)
      for (i = 0; i <= EDGE; i++, n++) {
        x[n] = 1.1 * i; y[n] = 1.0 * j; z[n] = 0.9 * l;
      }
  for (l = 0; l < EDGE; l++)
    for (j = 0; j < EDGE; j++)
      for (i = 0; i < EDGE; i++, k++) {
        Index_t base = l * (EDGE + 1) * (EDGE + 1) + j * (EDGE + 1) + i;
        Index_t plane = (EDGE + 1) * (EDGE + 1);
        nodelist[8 * k + 0] = base;             nodelist[8 * k + 1] = base + 1;
        nodelist[8 * k + 2] = base + EDGE + 2;  nodelist[8 * k + 3] = base + EDGE + 1;
        nodelist[8 * k + 4] = base + plane;     nodelist[8 * k + 5] = base + plane + 1;
        nodelist[8 * k + 6] = base + plane + EDGE + 2;
        nodelist[8 * k + 7] = base + plane + EDGE + 1;
        volo[k] = 1.1 * 0.9; v[k] = 1.0;
      }
  CalcNewVolumes(NUM_ELEM);
  printf("%f %f\n", vnew[0], delv[NUM_ELEM - 1]);
  return 0;
}
