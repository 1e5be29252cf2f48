/* Test kernel for `adrace adjoint` (not a corpus case): one step of a nonlinear 1-D smoother written
 * as a gather, as application codes write stencils: every point reads its neighbours up to HALO
 * away, products of neighbours and a sine make the partials depend on u, the weights are
 * firstprivate, the bound is inclusive. Its formad adjoint is a gather over the targets of u_b. */
#include <math.h>

#define HALO 2 /* points read on each side */

void smooth_nonlinear(int n, double r, double s, const double *u, double *v)
{
#pragma omp parallel for firstprivate(r, s) schedule(static)
    for (int i = HALO; i <= n - 1 - HALO; i++)
        v[i] = u[i] + r * (u[i - HALO] * u[i + HALO] /* the far pair */ - u[i - 1] * u[i + 1]) +
               s * sin(u[i + 1]);
}
