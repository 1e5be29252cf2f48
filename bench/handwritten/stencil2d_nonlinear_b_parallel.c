/* Hand-written parallel adjoint of stencil2d_nonlinear in gather form (PerforAD): the limit a
 * generated gather adjoint is measured against (scripts/bench_adjoint.sh).
 *
 * The primal iteration c = (j, i) computes unew[c] = u[c] + r*(F(c, e) - F(w, c) + F(c, n) - F(s, c))
 * with F(a, b) = 0.5*(k(ua) + k(ub))*(ub - ua), and reads u at c and its four neighbours, so a scatter
 * adjoint collides on u_b. Here each target q sums what every iteration that read u[q] contributes:
 * the face F(q, e) enters iteration q with + and iteration e with -, so
 *     u_b[q] += W(q) + r*( dF(q,e)/duq*(W(q) - W(e)) + dF(w,q)/duq*(W(w) - W(q))
 *                        + dF(q,n)/duq*(W(q) - W(n)) + dF(s,q)/duq*(W(s) - W(q)) )
 * where W(p) = unew_b[p] for an updated (interior) point p and 0 elsewhere. The coefficients are
 * recomputed from u, which the loop never writes. Each target owns its u_b[q]: plain stores, no atomics,
 * no reduction copies. Targets within two points of the edge (some W are 0, some neighbours missing)
 * take the guarded path; the rest a branch-free one. unew_b is consumed in a second loop after the
 * barrier, because neighbouring targets read it. */

#define K0 0.1

static inline double diffusivity(double u) { return K0 + u * u; }

/* dF(a, b)/dua and dF(a, b)/dub */
static inline double flux_d_first(double ua, double ub)
{
    return 0.5 * (2.0 * ua) * (ub - ua) - 0.5 * (diffusivity(ua) + diffusivity(ub));
}
static inline double flux_d_second(double ua, double ub)
{
    return 0.5 * (2.0 * ub) * (ub - ua) + 0.5 * (diffusivity(ua) + diffusivity(ub));
}

/* W(j, i): the adjoint of unew at an updated point, 0 at the boundary and outside the grid */
static inline double updated_weight(int ny, int nx, const double *unew_b, int j, int i)
{
    return j >= 1 && j < ny - 1 && i >= 1 && i < nx - 1 ? unew_b[(long)j * nx + i] : 0.0;
}

/* the gathered sum for any target, checking every neighbour */
static inline double gather_guarded(int ny, int nx, double r, const double *u, const double *unew_b, int j, int i)
{
    long q = (long)j * nx + i;
    double wq = updated_weight(ny, nx, unew_b, j, i);
    double sum = 0.0;
    if (i + 1 < nx) sum += flux_d_first(u[q], u[q + 1]) * (wq - updated_weight(ny, nx, unew_b, j, i + 1));
    if (i >= 1) sum += flux_d_second(u[q - 1], u[q]) * (updated_weight(ny, nx, unew_b, j, i - 1) - wq);
    if (j + 1 < ny) sum += flux_d_first(u[q], u[q + nx]) * (wq - updated_weight(ny, nx, unew_b, j + 1, i));
    if (j >= 1) sum += flux_d_second(u[q - nx], u[q]) * (updated_weight(ny, nx, unew_b, j - 1, i) - wq);
    return wq + r * sum;
}

void stencil2d_nonlinear_b(int ny, int nx, double r, const double u[ny][nx], double u_b[ny][nx],
                           double unew[ny][nx], double unew_b[ny][nx])
{
    (void)unew;
    const double *uflat = &u[0][0], *wflat = &unew_b[0][0];
    int low_end = nx < 2 ? nx : 2;            /* columns 0 .. low_end-1 take the guarded path */
    int high_start = nx - 2 > 2 ? nx - 2 : 2; /* and high_start .. nx-1 */
#pragma omp parallel
    {
#pragma omp for schedule(static)
        for (int j = 0; j < ny; j++) {
            if (j < 2 || j > ny - 3) { /* the two rows at each edge */
                for (int i = 0; i < nx; i++) u_b[j][i] += gather_guarded(ny, nx, r, uflat, wflat, j, i);
                continue;
            }
            for (int i = 0; i < low_end; i++) u_b[j][i] += gather_guarded(ny, nx, r, uflat, wflat, j, i);
            for (int i = 2; i < nx - 2; i++) { /* all five neighbours are updated points */
                double uc = u[j][i], wc = unew_b[j][i];
                u_b[j][i] += wc + r * (flux_d_first(uc, u[j][i + 1]) * (wc - unew_b[j][i + 1]) +
                                       flux_d_second(u[j][i - 1], uc) * (unew_b[j][i - 1] - wc) +
                                       flux_d_first(uc, u[j + 1][i]) * (wc - unew_b[j + 1][i]) +
                                       flux_d_second(u[j - 1][i], uc) * (unew_b[j - 1][i] - wc));
            }
            for (int i = high_start; i < nx; i++) u_b[j][i] += gather_guarded(ny, nx, r, uflat, wflat, j, i);
        }
        /* implicit barrier: every target has read unew_b */
#pragma omp for schedule(static)
        for (int j = 1; j < ny - 1; j++)
            for (int i = 1; i < nx - 1; i++)
                unew_b[j][i] = 0.0;
    }
}
