/* The mesh of lulesh_elem, as LULESH 2.0 (lulesh.h) declares it, in C: real and index types, and a
 * Domain holding the nodal and elemental fields, reached through accessors. */
#ifndef LULESH_ELEM_TYPES_H
#define LULESH_ELEM_TYPES_H

typedef double Real_t;
typedef int Index_t;

typedef struct Domain {
    /* nodal fields */
    Real_t *m_x, *m_y, *m_z;    /* coordinates */
    Real_t *m_xd, *m_yd, *m_zd; /* velocities */
    /* elemental fields */
    Index_t *m_nodelist;        /* 8 nodes per element */
    Real_t *m_volo;             /* reference volume */
    Real_t *m_v;                /* relative volume */
    Real_t *m_vnew;             /* new relative volume */
    Real_t *m_delv;             /* vnew - v */
    Real_t *m_arealg;           /* characteristic length */
    Real_t *m_vdov;             /* volume strain rate */
    Real_t m_deltatime;
    Index_t m_numElem, m_numNode;
} Domain;

#endif
