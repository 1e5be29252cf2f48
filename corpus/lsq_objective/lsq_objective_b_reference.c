/* Hand-written reverse-mode adjoint of lsq_objective (the test oracle), Tapenade's convention for a
 * function returning its value: the primal's parameters, each active one followed by its adjoint, then
 * the adjoint of the result, by value.
 *   s = sum_{i=1}^{n-2} 1/2 (S u - d)_i^2,   (S u)_i = (1 - 2c) u[i] + c (u[i-1] + u[i+1]),  c = 0.25
 *   =>  r_i = (S u - d)_i;  u_b[i-1] += c r_i s_b;  u_b[i] += (1 - 2c) r_i s_b;  u_b[i+1] += c r_i s_b;
 *       d_b[i] -= r_i s_b
 *
 * Verdicts expected for the adjoint of the loop at lsq_objective.c:16 (active u, d and the result):
 *   u   guarded  iteration i increments u_b[i-1], u_b[i], u_b[i+1]: neighbouring iterations increment
 *                the same element (the primal only reads u, so that is no race in the primal)
 *   d   shared   d_b[i] only, one element per iteration
 *   s   reduction(+:s) in the primal: its adjoint s_b is only read in the backward sweep, so every
 *       thread gets a firstprivate copy (the result's adjoint), no guard */

void lsq_objective_b(int n, const double *u, double *u_b, const double *d, double *d_b, double result_b)
{
    const double c = 0.25;
    for (int i = n - 2; i >= 1; i--) {
        double r = (1.0 - 2.0 * c) * u[i] + c * (u[i - 1] + u[i + 1]) - d[i];
        double r_b = r * result_b;
        u_b[i - 1] += c * r_b;
        u_b[i] += (1.0 - 2.0 * c) * r_b;
        u_b[i + 1] += c * r_b;
        d_b[i] -= r_b;
    }
}
