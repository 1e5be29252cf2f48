/* Test kernel for `adrace adjoint` (not a corpus case): a function that returns its objective, as an
 * optimisation code writes one, so that returned_misfit_b takes the result's adjoint by value as its
 * last parameter (Tapenade's convention). The weighted misfit is summed by a parallel reduction into
 * a local and scaled on the way out. */
#include <math.h>

#define WEIGHT 0.5 /* the 1/2 of 1/2 |r|^2 */

double returned_misfit(int n, const double *u, const double *w)
{
    double total = 0.0;
#pragma omp parallel for firstprivate(n) reduction(+:total)
    for (int i = 0; i < n; i++) {
        double r = u[i] - sin(0.01 * i); /* misfit against a known signal */
        total += w[i] * r * r;
    }
    return WEIGHT * total / n;
}
