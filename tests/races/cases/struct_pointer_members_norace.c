// adrace-expect: race-free
// LULESH-style Domain with pointer members: every member is read and written at index i only, so the loop is race-free even if two members point into one array.
typedef double Real_t;
typedef int Index_t;

typedef struct Domain_s {
  Real_t *m_xd;
  Real_t *m_xdd;
  Index_t m_numNode;
} Domain;

void integrate(Domain *domain, Real_t dt)
{
  Index_t i;
  Index_t numNode = domain->m_numNode;
#pragma omp parallel for firstprivate(numNode, dt)
  for (i = 0; i < numNode; ++i) {
    Real_t acc = domain->m_xdd[i];
    domain->m_xd[i] = domain->m_xd[i] + acc * dt;
  }
}
