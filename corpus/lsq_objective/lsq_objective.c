/* Least-squares data misfit of a smoothed field, as an inverse problem's objective is written: the
 * model u is smoothed by a three-point stencil (a discrete heat step) before it is compared with the
 * observations d, and the function returns 1/2 sum (S u - d)^2. The parallel reduction reads each
 * point's neighbours. */

#include <math.h>

#define SMOOTHING 0.25 /* weight of each neighbour in the smoothing step */

static inline double sq(double v) { return v * v; }

double lsq_objective(int n, const double *u, const double *d)
{
    double s = 0.0;
    int i;
#pragma omp parallel for private(i) reduction(+:s)
    for (i = 1; i < n - 1; i++) {
        double smooth = u[i] + SMOOTHING * (u[i - 1] /* west */ - 2.0 * u[i] + u[i + 1] /* east */);
        s += 0.5 * sq(smooth - d[i]);
    }
    return s;
}
