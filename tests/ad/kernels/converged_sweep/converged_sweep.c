/* Test kernel for `adrace adjoint` (not a corpus case): one damped Jacobi sweep of a 1-D Poisson
 * problem as an iterative solver writes it, with its convergence check: the largest change of the
 * sweep, a `reduction(max)` whose value only goes to the passive *change, and the caller compares
 * it with its tolerance. C89 counters, a relaxation macro, a helper for the update, an int status.
 * The reduction is not differentiated: the gradient is that of unew with respect to u and f.
 *   unew[i] = (1 - OMEGA) u[i] + OMEGA (u[i-1] + u[i+1] + h2 f[i]) / 2 */
#include <math.h>

#define OMEGA 0.8

static double relaxed(double old, double target) { return (1.0 - OMEGA) * old + OMEGA * target; }

int converged_sweep(int n, double h2, const double *u, const double *f, double *unew, double *change)
{
    int i;
    double worst = 0.0;

#pragma omp parallel for reduction(max : worst) schedule(static)
    for (i = 1; i < n - 1; i++) {
        double d;
        unew[i] = relaxed(u[i], 0.5 * (u[i - 1] + u[i + 1] + h2 * f[i]));
        d = fabs(unew[i] - u[i]);
        if (d > worst)
            worst = d; /* the largest change so far */
    }
    *change = worst;
    return 0;
}
