// adrace-expect: race definite
// adrace-race: 22 domain->m_x
// The position update reads the neighbour's position through the accessor: iteration i writes x(i) while iteration i-1 reads x(i).
typedef double Real_t;
typedef int Index_t;

struct Domain {
  Real_t *m_x, *m_xd;
  Real_t *m_nodalMass;
  Index_t numNode;
};

static inline Real_t *x(struct Domain *d, Index_t i) { return &d->m_x[i]; }
static inline Real_t *xd(struct Domain *d, Index_t i) { return &d->m_xd[i]; }
static inline Real_t nodalMass(const struct Domain *d, Index_t i) { return d->m_nodalMass[i]; }

void CalcPositionForNodes(struct Domain *domain, const Real_t dt)
{
  Index_t i, numNode = domain->numNode;
#pragma omp parallel for firstprivate(numNode)
  for (i = 0; i < numNode - 1; ++i) {
    *x(domain, i) += *x(domain, i + 1) * dt / nodalMass(domain, i);
  }
}
