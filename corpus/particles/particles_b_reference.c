/* Hand-written reverse-mode adjoint of particles (the test oracle). The array of structs p gets an
 * adjoint array of the same struct type p_b, whose floating members carry the adjoints (p_b[i].alive
 * is unused); the by-value dt gets *dt_b. Per live particle, with F(x, y, vx, vy) the force,
 *   v' = v + dt F(x, v),   x' = x + dt v'
 *   =>  v'_b = v_b + dt x_b;  dt_b += x_b . v' + F . v'_b;  F_b = dt v'_b;
 *       x_b += (dF/dx)^T F_b;  v_b = v'_b + (dF/dv)^T F_b
 * with F = -Q r / (|r|^2 + e)^(3/2) - G v:  dF/dr = -Q (s^-3 I - 3 s^-5 r r^T),  s^2 = |r|^2 + e;
 * dF/dv = -G I.
 *
 * Verdicts expected for the adjoint of the loop at particles.c:30 (active p, dt):
 *   p    shared     iteration i reads and writes only p[i] (and p_b[i]); force() reads through
 *                   &p[i] only
 *   dt   every iteration reads dt: its adjoint is a sum over iterations, reduction(+) (or atomic)
 *   fx, fy private (written by force through their addresses) */

#include <math.h>

struct particle {
    double x, y;
    double vx, vy;
    int alive;
};

void particles_b(int n, double dt, double *dt_b, struct particle *p, struct particle *p_b)
{
    const double Q = 0.5, e = 0.05, G = 0.1;
    for (int i = n - 1; i >= 0; i--) {
        if (!p[i].alive) continue;
        /* forward values (p[i] is overwritten by the primal, so the oracle runs on the inputs) */
        double r[2] = {p[i].x, p[i].y}, v[2] = {p[i].vx, p[i].vy};
        double s2 = r[0] * r[0] + r[1] * r[1] + e, s = sqrt(s2);
        double F[2], v1[2];
        for (int c = 0; c < 2; c++) {
            F[c] = -Q * r[c] / (s2 * s) - G * v[c];
            v1[c] = v[c] + dt * F[c];
        }
        double x_b[2] = {p_b[i].x, p_b[i].y}, v_b[2] = {p_b[i].vx, p_b[i].vy}, v1_b[2], F_b[2];
        for (int c = 0; c < 2; c++) {
            v1_b[c] = v_b[c] + dt * x_b[c];
            *dt_b += x_b[c] * v1[c] + F[c] * v1_b[c];
            F_b[c] = dt * v1_b[c];
        }
        for (int c = 0; c < 2; c++) {
            double dFdr_b = 0.0; /* (dF/dr)^T F_b, component c (dF/dr is symmetric) */
            for (int d = 0; d < 2; d++)
                dFdr_b += -Q * ((c == d ? 1.0 : 0.0) / (s2 * s) - 3.0 * r[c] * r[d] / (s2 * s2 * s)) * F_b[d];
            x_b[c] += dFdr_b;
            v_b[c] = v1_b[c] - G * F_b[c];
        }
        p_b[i].x = x_b[0];
        p_b[i].y = x_b[1];
        p_b[i].vx = v_b[0];
        p_b[i].vy = v_b[1];
    }
}
