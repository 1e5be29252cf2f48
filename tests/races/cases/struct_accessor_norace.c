// adrace-expect: race-free
// Node arrays behind accessors returning the element's address, as LULESH's Domain has them: iteration i touches only node i's fields.
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
  for (i = 0; i < numNode; ++i) {
    *x(domain, i) += *xd(domain, i) * dt / nodalMass(domain, i);
  }
}
