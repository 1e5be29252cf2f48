/* Hand-written reverse-mode adjoint of newton (the test oracle): it differentiates the Newton steps
 * the primal takes (a fixed number of steps is a differentiable map; the gradient check runs with
 * tol < 0, so that every cell takes exactly maxit steps and a perturbation of the inputs cannot change
 * the count). tol is passive. Per cell, the forward iterates are recomputed and kept, then
 *   t' = t - r/d,  r = t + c t^4 - b,  d = dr/dt = 1 + 4 c t^3
 *   dt'/dt = r (dd/dt) / d^2 = 12 c t^2 r / d^2;  dt'/dc = -(t^4 d - 4 t^3 r) / d^2;  dt'/db = 1/d
 *
 * Verdicts expected for the adjoint of the loop at newton.c:13 (active coef, rhs, T):
 *   coef, rhs  shared  cell i's own entry only
 *   T          shared  cell i's own entry only (read as the initial guess, then written)
 *   t, r, it, drdt private; the trip count of the while loop is per cell (taped or recomputed) */

#include <math.h>
#include <stdlib.h>

static double cube(double t) { return t * t * t; }

void newton_b(int n, int maxit, double tol, const double *coef, double *coef_b, const double *rhs, double *rhs_b,
              double *T, double *T_b)
{
    double *iterate = malloc((size_t)(maxit > 0 ? maxit + 1 : 1) * sizeof *iterate);
    for (int i = n - 1; i >= 0; i--) {
        const double c = coef[i], b = rhs[i];
        /* forward: the iterates t_0 .. t_steps (T[i] still holds t_0: the oracle runs on the inputs) */
        int steps = 0;
        iterate[0] = T[i];
        double r = iterate[0] + c * cube(iterate[0]) * iterate[0] - b;
        while (steps < maxit && fabs(r) > tol) {
            double t = iterate[steps], d = 1.0 + 4.0 * c * cube(t);
            if (d == 0.0) break;
            iterate[steps + 1] = t - r / d;
            steps++;
            r = iterate[steps] + c * cube(iterate[steps]) * iterate[steps] - b;
        }
        /* backward */
        double t_b = T_b[i];
        T_b[i] = 0.0;
        for (int k = steps - 1; k >= 0; k--) {
            double t = iterate[k];
            double rk = t + c * cube(t) * t - b, d = 1.0 + 4.0 * c * cube(t);
            coef_b[i] -= t_b * (cube(t) * t * d - 4.0 * cube(t) * rk) / (d * d);
            rhs_b[i] += t_b / d;
            t_b *= 12.0 * c * t * t * rk / (d * d);
        }
        T_b[i] += t_b;
    }
    free(iterate);
}
