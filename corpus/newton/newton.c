/* Backward-Euler step of radiative cooling, cell by cell: the new temperature T solves
 *     T + coef T^4 = rhs       (coef = dt * emissivity * sigma / heat capacity, rhs = T_old + dt * source)
 * by Newton's method from the old temperature, until the residual is below tol or after maxit steps,
 * as a cell-local implicit update in a radiation-hydrodynamics code. A negative tol runs exactly maxit
 * steps. */

#include <math.h>

void newton(int n, int maxit, double tol, const double *coef, const double *rhs, double *T)
{
    int i;

#pragma omp parallel for schedule(dynamic, 64)
    for (i = 0; i < n; i++) {
        double t = T[i]; /* initial guess: the old temperature */
        double r = t + coef[i] * t * t * t * t - rhs[i];
        int it = 0;

        while (it < maxit && fabs(r) > tol) {
            double drdt = 1.0 + 4.0 * coef[i] * t * t * t;
            if (drdt == 0.0) /* flat residual: no Newton step */
                break;
            t -= r / drdt;
            r = t + coef[i] * t * t * t * t - rhs[i];
            it++;
        }
        T[i] = t;
    }
}
