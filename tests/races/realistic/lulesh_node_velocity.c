// adrace-expect: race-free
// LULESH-style node loop through accessor functions: each iteration reads and writes only the fields of
// node i (xd(i), fx(i), nodalMass(i)); the cut-off u_cut and dt are firstprivate values no one writes.
#include <stdio.h>
#include <stdlib.h>

typedef double Real_t;
typedef int Index_t;

struct Domain {
  Index_t numNode;
  Real_t *m_xd, *m_yd, *m_zd;
  Real_t *m_fx, *m_fy, *m_fz;
  Real_t *m_nodalMass;
};

/* accessors, as LULESH's Domain class has them */
static inline Real_t *xd(struct Domain *d, Index_t i) { return &d->m_xd[i]; }
static inline Real_t *yd(struct Domain *d, Index_t i) { return &d->m_yd[i]; }
static inline Real_t *zd(struct Domain *d, Index_t i) { return &d->m_zd[i]; }
static inline Real_t fx(const struct Domain *d, Index_t i) { return d->m_fx[i]; }
static inline Real_t fy(const struct Domain *d, Index_t i) { return d->m_fy[i]; }
static inline Real_t fz(const struct Domain *d, Index_t i) { return d->m_fz[i]; }
static inline Real_t nodalMass(const struct Domain *d, Index_t i) { return d->m_nodalMass[i]; }

static void CalcVelocityForNodes(struct Domain *domain, const Real_t dt, const Real_t u_cut, Index_t numNode)
{
#pragma omp parallel for firstprivate(numNode)
  for (Index_t i = 0; i < numNode; ++i) {
    Real_t xdtmp, ydtmp, zdtmp;

    /* acceleration = force / mass, integrated over dt */
    xdtmp = *xd(domain, i) + fx(domain, i) / nodalMass(domain, i) * dt;
    if (xdtmp < u_cut && xdtmp > -u_cut) xdtmp = 0.0;
    *xd(domain, i) = xdtmp;

    ydtmp = *yd(domain, i) + fy(domain, i) / nodalMass(domain, i) * dt;
    if (ydtmp < u_cut && ydtmp > -u_cut) ydtmp = 0.0;
    *yd(domain, i) = ydtmp;

    zdtmp = *zd(domain, i) + fz(domain, i) / nodalMass(domain, i) * dt;
    if (zdtmp < u_cut && zdtmp > -u_cut) zdtmp = 0.0;
    *zd(domain, i) = zdtmp;
  }
}

#define NUM_NODE 1331

int main(void)
{
  struct Domain d;
  Index_t i;
  d.numNode = NUM_NODE;
  d.m_xd = calloc(NUM_NODE, sizeof(Real_t));
  d.m_yd = calloc(NUM_NODE, sizeof(Real_t));
  d.m_zd = calloc(NUM_NODE, sizeof(Real_t));
  d.m_fx = malloc(NUM_NODE * sizeof(Real_t));
  d.m_fy = malloc(NUM_NODE * sizeof(Real_t));
  d.m_fz = malloc(NUM_NODE * sizeof(Real_t));
  d.m_nodalMass = malloc(NUM_NODE * sizeof(Real_t));
  for (i = 0; i < NUM_NODE; i++) {
    d.m_fx[i] = 1.0; d.m_fy[i] = -2.0; d.m_fz[i] = 0.5e-9;
    d.m_nodalMass[i] = 1.0 + i % 3;
  }
  CalcVelocityForNodes(&d, 1.0e-3, 1.0e-7, d.numNode);
  printf("%g %g %g\n", d.m_xd[7], d.m_yd[7], d.m_zd[7]);
  free(d.m_xd); free(d.m_yd); free(d.m_zd);
  free(d.m_fx); free(d.m_fy); free(d.m_fz); free(d.m_nodalMass);
  return 0;
}
