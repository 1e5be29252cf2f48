/* Test kernel for `adrace adjoint` (not a corpus case): void helpers holding loops, as finite-element
 * codes gather an element's nodes into local arrays and scatter results back. The gather loop's
 * counter is declared before the loop (C89) and its trip count is a macro; the second helper's loop
 * declares its counter in the header and reads the gathered values through a const parameter.
 * Elements share nodes (node e and e + 1), so the adjoint of x is gathered from several elements. */
#include <math.h>

#define NPE 4 /* nodes per element */

static inline double sq(double v) { return v * v; }

/* copy the element's nodes into xe */
static inline void gather_nodes(const double *x, const int *conn, int e, double xe[NPE])
{
    int a;
    for (a = 0; a < NPE; ++a) {
        int node = conn[NPE * e + a];
        xe[a] = x[node];
    }
}

/* a weighted sum of squares over the element's nodes */
static void element_energy(const double xe[NPE], double w, double *out)
{
    *out = 0.0;
    for (int a = 0; a < NPE; a++)
        *out += w * sq(xe[a]) /* weight per node */;
}

void helper_loops(int nelem, double w, const int *conn, const double *x, double *energy)
{
    int e;

#pragma omp parallel for firstprivate(nelem, w)
    for (e = 0; e < nelem; e++) {
        double xe[NPE];
        double en;

        gather_nodes(x, conn, e, xe);
        element_energy(xe, w, &en);
        energy[e] = sin(en);
    }
}
