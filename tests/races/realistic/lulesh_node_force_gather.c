// adrace-expect: race-free
// LULESH's race-free way of summing element corner forces into nodes: a node loop that gathers from
// the per-corner array fx_elem through nodeElemStart/nodeElemCornerList (reads only) and writes fx[gnode]
// of its own node; the element loop before it writes fx_elem[8*k + corner] for its own element k.
#include <stdio.h>

typedef double Real_t;
typedef int Index_t;

#define NUM_ELEM 512
#define NUM_NODE (NUM_ELEM + 1)

static Real_t fx_elem[8 * NUM_ELEM], fx[NUM_NODE], sigxx[NUM_ELEM];
static Index_t nodeElemStart[NUM_NODE + 1], nodeElemCornerList[8 * NUM_ELEM];

static inline Real_t corner_force(Real_t sig, int corner)
{
  return (corner % 2 ? -0.125 : 0.125) * sig;
}

static void IntegrateStressForElems(Index_t numElem, Index_t numNode)
{
#pragma omp parallel
  {
    Index_t k, gnode;
#pragma omp for
    for (k = 0; k < numElem; ++k) {
      int corner;
      for (corner = 0; corner < 8; ++corner)
        fx_elem[8 * k + corner] = corner_force(sigxx[k], corner);
    }
    /* implicit barrier: all corner forces are written before any node gathers them */
#pragma omp for
    for (gnode = 0; gnode < numNode; ++gnode) {
      Index_t count = nodeElemStart[gnode + 1] - nodeElemStart[gnode];
      const Index_t *cornerList = &nodeElemCornerList[nodeElemStart[gnode]];
      Real_t fx_tmp = 0.0;
      Index_t i;
      for (i = 0; i < count; ++i)
        fx_tmp += fx_elem[cornerList[i]];
      fx[gnode] = fx_tmp;
    }
  }
}

int main(void)
{
  Index_t k, n, pos = 0;
  for (k = 0; k < NUM_ELEM; k++)
    sigxx[k] = 1.0 + k % 7;
  /* a 1-D chain: element k touches nodes k and k+1, corners 0-3 on node k, 4-7 on node k+1 */
  for (n = 0; n < NUM_NODE; n++) {
    int c;
    nodeElemStart[n] = pos;
    if (n < NUM_ELEM)
      for (c = 0; c < 4; c++) nodeElemCornerList[pos++] = 8 * n + c;
    if (n > 0)
      for (c = 4; c < 8; c++) nodeElemCornerList[pos++] = 8 * (n - 1) + c;
  }
  nodeElemStart[NUM_NODE] = pos;
  IntegrateStressForElems(NUM_ELEM, NUM_NODE);
  printf("%f %f\n", fx[0], fx[NUM_NODE / 2]);
  return 0;
}
