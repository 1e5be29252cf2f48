/* Test kernel for `adrace adjoint` (not a corpus case): a mesh reached through accessors, as LULESH
 * writes domain.x(n) and domain.delv(k): value accessors (of a node's value, of an integer node
 * number, of a scalar field) and accessors returning the address of an element's field, written and
 * read through `*len(...) = ...`, `*acc(...) += ...`. (A pointer local initialised by an accessor,
 * `const int *nodes = conn(mesh, e);`, is still refused: PointerAliases follows variables, not members.) */
#include <math.h>

#define NPE 2 /* nodes per element */

typedef struct Mesh {
    double *m_x;   /* nodal values */
    int *m_conn;   /* NPE nodes per element */
    double *m_len; /* element results */
    double *m_acc;
    double m_scale;
} Mesh;

static inline double x(const Mesh *m, int n) { return m->m_x[n]; }
static inline int node(const Mesh *m, int e, int a) { return m->m_conn[NPE * e + a]; }
static inline double *len(Mesh *m, int e) { return &m->m_len[e]; }
static inline double *acc(Mesh *m, int e) { return &(m->m_acc[e]); }
static inline double scale(const Mesh *m) { return m->m_scale; }

void pointer_accessors(Mesh *mesh, int nelem)
{
    int e;

#pragma omp parallel for firstprivate(nelem)
    for (e = 0; e < nelem; e++) {
        double dx = x(mesh, node(mesh, e, 1)) - x(mesh, node(mesh, e, 0));

        *len(mesh, e) = scale(mesh) * sqrt(dx * dx + 1.0);
        *acc(mesh, e) += dx * *len(mesh, e);
    }
}
