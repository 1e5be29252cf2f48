/* Test kernel for `adrace adjoint` (not a corpus case): the objective of a regularised inverse
 * problem over a 2-D field stored row by row, as such codes write it: C89 counters, the row width a
 * macro, a helper of the file, locals initialised from the neighbours, and the objective returned.
 * Both locals are per-iteration values of read-only inputs, so u's adjoint is a gather that
 * recomputes them at the shifted iterations. */
#include <math.h>

#define NX 48       /* points per row */
#define ALPHA 0.125 /* weight of the smoothness penalty */

static double sq(double v) { return v * v; }

double smoothed_misfit2d(int ny, const double *u, const double *obs)
{
    int i, j;
    double total = 0.0;

#pragma omp parallel for collapse(2) private(i) firstprivate(ny) reduction(+:total)
    for (j = 1; j < ny - 1; j++)
        for (i = 1; i < NX - 1; i++) {
            double lap = u[(j - 1) * NX + i] + u[(j + 1) * NX + i] /* north and south */
                         + u[j * NX + i - 1] + u[j * NX + i + 1] - 4.0 * u[j * NX + i];
            double misfit = u[j * NX + i] - obs[j * NX + i];
            total += 0.5 * sq(misfit) + ALPHA * sq(lap);
        }
    return total;
}
