/* LULESH 2.0's CalcKinematicsForElems in C, element by element: gather the element's nodes through
 * nodelist, its volume (CalcElemVolume) and characteristic length (CalcElemCharacteristicLength),
 * the new relative volume and its change, then the nodes moved half a time step back for the volume
 * strain rate (LULESH takes it from the velocity gradient; here from the two volumes). The fields are
 * reached through accessors of the Domain, as LULESH's domain.x(n), domain.delv(k) are. */

#include <math.h>

#include "types.h"

/* ---- accessors ---- */
static inline Real_t x(const Domain *d, Index_t n) { return d->m_x[n]; }
static inline Real_t y(const Domain *d, Index_t n) { return d->m_y[n]; }
static inline Real_t z(const Domain *d, Index_t n) { return d->m_z[n]; }
static inline Real_t xd(const Domain *d, Index_t n) { return d->m_xd[n]; }
static inline Real_t yd(const Domain *d, Index_t n) { return d->m_yd[n]; }
static inline Real_t zd(const Domain *d, Index_t n) { return d->m_zd[n]; }
static inline const Index_t *nodelist(const Domain *d, Index_t k) { return &d->m_nodelist[8 * k]; }
static inline Real_t volo(const Domain *d, Index_t k) { return d->m_volo[k]; }
static inline Real_t v(const Domain *d, Index_t k) { return d->m_v[k]; }
static inline Real_t *vnew(Domain *d, Index_t k) { return &d->m_vnew[k]; }
static inline Real_t *delv(Domain *d, Index_t k) { return &d->m_delv[k]; }
static inline Real_t deltatime(const Domain *d) { return d->m_deltatime; }

static inline void CollectDomainNodesToElemNodes(const Domain *domain, const Index_t *elemToNode,
                                                 Real_t elemX[8], Real_t elemY[8], Real_t elemZ[8])
{
    Index_t lnode;
    for (lnode = 0; lnode < 8; ++lnode) {
        Index_t gnode = elemToNode[lnode];
        elemX[lnode] = x(domain, gnode);
        elemY[lnode] = y(domain, gnode);
        elemZ[lnode] = z(domain, gnode);
    }
}

#define TRIPLE_PRODUCT(x1, y1, z1, x2, y2, z2, x3, y3, z3) \
    ((x1) * ((y2) * (z3) - (z2) * (y3)) + (x2) * ((z1) * (y3) - (y1) * (z3)) + (x3) * ((y1) * (z2) - (z1) * (y2)))

static inline Real_t CalcElemVolume(const Real_t x[8], const Real_t y[8], const Real_t z[8])
{
    Real_t twelveth = (Real_t)(1.0) / (Real_t)(12.0);

    Real_t dx61 = x[6] - x[1], dy61 = y[6] - y[1], dz61 = z[6] - z[1];
    Real_t dx70 = x[7] - x[0], dy70 = y[7] - y[0], dz70 = z[7] - z[0];
    Real_t dx63 = x[6] - x[3], dy63 = y[6] - y[3], dz63 = z[6] - z[3];
    Real_t dx20 = x[2] - x[0], dy20 = y[2] - y[0], dz20 = z[2] - z[0];
    Real_t dx50 = x[5] - x[0], dy50 = y[5] - y[0], dz50 = z[5] - z[0];
    Real_t dx64 = x[6] - x[4], dy64 = y[6] - y[4], dz64 = z[6] - z[4];
    Real_t dx31 = x[3] - x[1], dy31 = y[3] - y[1], dz31 = z[3] - z[1];
    Real_t dx72 = x[7] - x[2], dy72 = y[7] - y[2], dz72 = z[7] - z[2];
    Real_t dx43 = x[4] - x[3], dy43 = y[4] - y[3], dz43 = z[4] - z[3];
    Real_t dx57 = x[5] - x[7], dy57 = y[5] - y[7], dz57 = z[5] - z[7];
    Real_t dx14 = x[1] - x[4], dy14 = y[1] - y[4], dz14 = z[1] - z[4];
    Real_t dx25 = x[2] - x[5], dy25 = y[2] - y[5], dz25 = z[2] - z[5];

    Real_t volume =
        TRIPLE_PRODUCT(dx31 + dx72, dx63, dx20,
                       dy31 + dy72, dy63, dy20,
                       dz31 + dz72, dz63, dz20) +
        TRIPLE_PRODUCT(dx43 + dx57, dx64, dx70,
                       dy43 + dy57, dy64, dy70,
                       dz43 + dz57, dz64, dz70) +
        TRIPLE_PRODUCT(dx14 + dx25, dx61, dx50,
                       dy14 + dy25, dy61, dy50,
                       dz14 + dz25, dz61, dz50);

    volume *= twelveth;
    return volume;
}

static inline Real_t AreaFace(Real_t x0, Real_t x1, Real_t x2, Real_t x3,
                              Real_t y0, Real_t y1, Real_t y2, Real_t y3,
                              Real_t z0, Real_t z1, Real_t z2, Real_t z3)
{
    Real_t fx = (x2 - x0) - (x3 - x1);
    Real_t fy = (y2 - y0) - (y3 - y1);
    Real_t fz = (z2 - z0) - (z3 - z1);
    Real_t gx = (x2 - x0) + (x3 - x1);
    Real_t gy = (y2 - y0) + (y3 - y1);
    Real_t gz = (z2 - z0) + (z3 - z1);
    Real_t area = (fx * fx + fy * fy + fz * fz) * (gx * gx + gy * gy + gz * gz) -
                  (fx * gx + fy * gy + fz * gz) * (fx * gx + fy * gy + fz * gz);
    return area;
}

static inline Real_t CalcElemCharacteristicLength(const Real_t x[8], const Real_t y[8], const Real_t z[8],
                                                  const Real_t volume)
{
    Real_t a, charLength = (Real_t)(0.0);

    a = AreaFace(x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3], z[0], z[1], z[2], z[3]);
    charLength = a > charLength ? a : charLength;
    a = AreaFace(x[4], x[5], x[6], x[7], y[4], y[5], y[6], y[7], z[4], z[5], z[6], z[7]);
    charLength = a > charLength ? a : charLength;
    a = AreaFace(x[0], x[1], x[5], x[4], y[0], y[1], y[5], y[4], z[0], z[1], z[5], z[4]);
    charLength = a > charLength ? a : charLength;
    a = AreaFace(x[1], x[2], x[6], x[5], y[1], y[2], y[6], y[5], z[1], z[2], z[6], z[5]);
    charLength = a > charLength ? a : charLength;
    a = AreaFace(x[2], x[3], x[7], x[6], y[2], y[3], y[7], y[6], z[2], z[3], z[7], z[6]);
    charLength = a > charLength ? a : charLength;
    a = AreaFace(x[3], x[0], x[4], x[7], y[3], y[0], y[4], y[7], z[3], z[0], z[4], z[7]);
    charLength = a > charLength ? a : charLength;

    charLength = (Real_t)(4.0) * volume / sqrt(charLength);

    return charLength;
}

void lulesh_elem(Domain *domain)
{
    Index_t numElem = domain->m_numElem;
    Real_t dt2 = (Real_t)(0.5) * deltatime(domain);

#pragma omp parallel for firstprivate(numElem, dt2)
    for (Index_t k = 0; k < numElem; ++k) {
        Real_t x_local[8], y_local[8], z_local[8];
        Real_t volume, relativeVolume;
        const Index_t *const elemToNode = nodelist(domain, k);

        /* get nodal coordinates from global arrays and copy into local arrays */
        CollectDomainNodesToElemNodes(domain, elemToNode, x_local, y_local, z_local);

        /* volume calculations */
        volume = CalcElemVolume(x_local, y_local, z_local);
        relativeVolume = volume / volo(domain, k);
        *vnew(domain, k) = relativeVolume;
        *delv(domain, k) = relativeVolume - v(domain, k);

        /* set characteristic length */
        domain->m_arealg[k] = CalcElemCharacteristicLength(x_local, y_local, z_local, volume);

        /* move the nodes half a step back */
        for (Index_t lnode = 0; lnode < 8; ++lnode) {
            Index_t gnode = elemToNode[lnode];
            x_local[lnode] -= dt2 * xd(domain, gnode);
            y_local[lnode] -= dt2 * yd(domain, gnode);
            z_local[lnode] -= dt2 * zd(domain, gnode);
        }

        /* volume strain rate from the volume half a step ago */
        domain->m_vdov[k] = (volume - CalcElemVolume(x_local, y_local, z_local)) / (dt2 * volume);
    }
}
