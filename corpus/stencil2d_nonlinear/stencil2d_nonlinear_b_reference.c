/* Hand-written reverse-mode adjoint of stencil2d_nonlinear (the test oracle); r is passive.
 *
 * Expected `adrace analyze --active u,unew` verdicts (loop at line 15, collapse(2) over j, i):
 *   u     guarded  neighbouring iterations read the same u element (u[j][i+1] of (j, i) is u[j][i'-1]
 *                  of (j, i+1), and u[j+1][i] of (j, i) is u[j'-1][i] of (j+1, i)), so their adjoint
 *                  increments collide; u is only read, so a reduction is possible. Gather candidate:
 *                  every reference is u[j+c1][i+c2] with constant offsets c1, c2 in {-1, 0, 1}, and
 *                  the fluxes are body locals computed once on the root: gather applies, and
 *                  `adrace adjoint --strategy formad` writes u_b as a 2-D gather.
 *   unew  shared   unew_b[j][i] is read and reset at the loop counters, disjoint across iterations.
 *   (adrace before gathers gave unew `atomic`: it does not look into the static inline
 *   face_flux, so "may access shared memory the analysis cannot see" guards every array.)
 *
 * With F(a, b) = 0.5*(k(ua) + k(ub))*(ub - ua) the flux from cell a to cell b,
 *   dF/dua = 0.5*k'(ua)*(ub - ua) - 0.5*(k(ua) + k(ub)),   dF/dub = 0.5*k'(ub)*(ub - ua) + 0.5*(k(ua) + k(ub)),
 * and unew[j][i] = u[j][i] + r*(F(c, e) - F(w, c) + F(c, n) - F(s, c)): each iteration (serial, in
 * reverse) increments the five u_b it read and consumes unew_b[j][i]. */

#define K0 0.1

static inline double diffusivity(double u) { return K0 + u * u; }
static inline double diffusivity_d(double u) { return 2.0 * u; }

/* adds flux_b * dF(ua, ub)/d(ua, ub) to *ua_b and *ub_b */
static inline void face_flux_b(double ua, double *ua_b, double ub, double *ub_b, double flux_b)
{
    double kface = 0.5 * (diffusivity(ua) + diffusivity(ub));
    *ua_b += flux_b * (0.5 * diffusivity_d(ua) * (ub - ua) - kface);
    *ub_b += flux_b * (0.5 * diffusivity_d(ub) * (ub - ua) + kface);
}

void stencil2d_nonlinear_b(int ny, int nx, double r, const double u[ny][nx], double u_b[ny][nx],
                           double unew[ny][nx], double unew_b[ny][nx])
{
    (void)unew;
    for (int j = ny - 2; j >= 1; j--)
        for (int i = nx - 2; i >= 1; i--) {
            double t_b = unew_b[j][i];
            unew_b[j][i] = 0.0;
            u_b[j][i] += t_b;
            face_flux_b(u[j][i], &u_b[j][i], u[j][i + 1], &u_b[j][i + 1], r * t_b);
            face_flux_b(u[j][i - 1], &u_b[j][i - 1], u[j][i], &u_b[j][i], -r * t_b);
            face_flux_b(u[j][i], &u_b[j][i], u[j + 1][i], &u_b[j + 1][i], r * t_b);
            face_flux_b(u[j - 1][i], &u_b[j - 1][i], u[j][i], &u_b[j][i], -r * t_b);
        }
}
