// adrace-expect: race possible
// adrace-race: 20 domain->m_xd
// Two pointer members of one struct may point into the same array (nothing says otherwise): then iteration i writes m_xd[i] while iteration i-1 reads m_xdd[i].
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
  for (i = 0; i < numNode - 1; ++i) {
    Real_t acc = domain->m_xdd[i + 1];
    domain->m_xd[i] = domain->m_xd[i] + acc * dt;
  }
}
