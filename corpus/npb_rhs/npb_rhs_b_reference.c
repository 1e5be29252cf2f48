/* Hand-written reverse-mode adjoint of npb_rhs (the test oracle), serial, the three flux directions
 * written once with a direction's offset and coefficients instead of three times. The active
 * file-scope arrays get file-scope adjoints of the same shape, defined here (<name>_b); the constants
 * and grid_points are passive. Reverse order of the primal:
 *   forward: the auxiliary fields from u, into the file-scope arrays as the primal computes them
 *   rhs_b *= dt on the interior
 *   fluxes of direction d = zeta, eta, xi, point p, neighbours P = p + e_d, M = p - e_d, normal
 *   velocity V (us, vs, ws), normal momentum n = 1 + d:
 *     rhs[p][0] += D0 lap(u[.][0]) - T2 (u[P][n] - u[M][n])
 *     rhs[p][m] += Dm lap(u[.][m]) + C2 lap(velocity m) (times con43 for m = n)
 *                  - T2 (u[P][m] V[P] - u[M][m] V[M] + [m = n] c2 (u[P][4] - square[P] - u[M][4] + square[M]))
 *     rhs[p][4] += D4 lap(u[.][4]) + C3 lap(qs) + C4 lap(V^2) + C5 lap(u[.][4] rho_i)
 *                  - T2 ((c1 u[P][4] - c2 square[P]) V[P] - (c1 u[M][4] - c2 square[M]) V[M])
 *     with lap(f) = f[P] - 2 f[p] + f[M]: each term's adjoint increments the adjoints of the fields it reads
 *   forcing_b += rhs_b, rhs_b = 0 at every point (rhs was overwritten by the copy)
 *   the auxiliary fields' adjoints into u_b, then consumed (they were overwritten):
 *     r = 1/u0, us = u1 r, vs = u2 r, ws = u3 r, square = (u1^2 + u2^2 + u3^2) r / 2, qs = square r
 *
 * Verdicts expected for the adjoints of the loops of npb_rhs.c (active: u, rhs, forcing and the
 * auxiliary fields us, vs, ws, qs, rho_i, square, all file-scope). Every parallel loop runs over k
 * (k-planes), so a read at (k, j +- 1, i) or (k, j, i +- 1) stays in its iteration:
 *   :71  auxiliary fields  u, us, vs, ws, qs, rho_i, square shared (point (k, j, i) only)
 *   :88  copy of forcing   rhs, forcing shared (collapse(2): iterations are (k, j) pairs)
 *   :102 xi fluxes         u, us, vs, ws, qs, rho_i, square shared (i +- 1: same k-plane); rhs shared
 *   :143 eta fluxes        the same (j +- 1: same k-plane)
 *   :184 zeta fluxes       u, us, vs, ws, qs, rho_i, square guarded (k +- 1: the neighbouring
 *                          iterations increment the same adjoint elements); rhs shared
 *   :224 scaling by dt     rhs shared
 * Across loops: the xi, eta, zeta and dt loops have nowait and the same static schedule and bounds,
 * so iteration k of each runs on the same thread, in order (OpenMP guarantees it for schedule(static)
 * with equal iteration counts in one region): the primal is race-free. Their adjoints, run backwards
 * with the same schedule, keep each point's rhs_b on one thread, but NOT the increments: the zeta
 * adjoint's iteration k increments u_b, us_b, ... of planes k +- 1, which the eta and xi adjoints'
 * iterations k +- 1 increment on other threads. So the adjoint needs a barrier after the zeta adjoint
 * (or those increments guarded in all three adjoint loops): a `nowait` copied from the primal would be
 * a race. The adjoint of the copy of forcing must wait for every flux adjoint (the primal's barrier,
 * crossed backwards), and the auxiliary fields' adjoints for the flux adjoints too.
 */

#include "npb_rhs.h"

double u_b[KMAX][JMAXP + 1][IMAXP + 1][5];
double rhs_b[KMAX][JMAXP + 1][IMAXP + 1][5];
double forcing_b[KMAX][JMAXP + 1][IMAXP + 1][5];
double us_b[KMAX][JMAXP + 1][IMAXP + 1];
double vs_b[KMAX][JMAXP + 1][IMAXP + 1];
double ws_b[KMAX][JMAXP + 1][IMAXP + 1];
double qs_b[KMAX][JMAXP + 1][IMAXP + 1];
double rho_i_b[KMAX][JMAXP + 1][IMAXP + 1];
double square_b[KMAX][JMAXP + 1][IMAXP + 1];

typedef double field[KMAX][JMAXP + 1][IMAXP + 1];

/* the adjoint of  rhs[p][m] += (flux of direction dir)[m]  at point (k, j, i), weight g = rhs_b[p][m] */
static void flux_b(int dir, int k, int j, int i)
{
    static const int step[3][3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}}; /* (dk, dj, di) of xi, eta, zeta */
    const double D[3][5] = {{dx1tx1, dx2tx1, dx3tx1, dx4tx1, dx5tx1},
                            {dy1ty1, dy2ty1, dy3ty1, dy4ty1, dy5ty1},
                            {dz1tz1, dz2tz1, dz3tz1, dz4tz1, dz5tz1}};
    const double T2[3] = {tx2, ty2, tz2};
    const double C[3][4] = {{xxcon2, xxcon3, xxcon4, xxcon5}, {yycon2, yycon3, yycon4, yycon5},
                            {zzcon2, zzcon3, zzcon4, zzcon5}};
    field *velocity[3] = {&us, &vs, &ws}, *velocity_b[3] = {&us_b, &vs_b, &ws_b};
    double (*V)[JMAXP + 1][IMAXP + 1] = *velocity[dir], (*V_b)[JMAXP + 1][IMAXP + 1] = *velocity_b[dir];
    const int n = 1 + dir;
    const double t2 = T2[dir];
    /* the three points P, p, M, their weights in lap(), their signs in the centred difference */
    int pk[3], pj[3], pi[3];
    const double lap[3] = {1.0, -2.0, 1.0}, diff[3] = {1.0, 0.0, -1.0};
    for (int s = 0; s < 3; s++) {
        pk[s] = k + (1 - s) * step[dir][0];
        pj[s] = j + (1 - s) * step[dir][1];
        pi[s] = i + (1 - s) * step[dir][2];
    }
    double g[5];
    for (int m = 0; m < 5; m++) g[m] = rhs_b[k][j][i][m];

    for (int s = 0; s < 3; s++) {
        int a = pk[s], b = pj[s], c = pi[s];
        /* second differences of the conserved quantities */
        for (int m = 0; m < 5; m++) u_b[a][b][c][m] += D[dir][m] * lap[s] * g[m];
        /* m = 0: the normal momentum's centred difference */
        u_b[a][b][c][n] -= t2 * diff[s] * g[0];
        /* m = 1..3 */
        for (int m = 1; m <= 3; m++) {
            field *vel_b = velocity_b[m - 1];
            (*vel_b)[a][b][c] += (m == n ? C[dir][0] * con43 : C[dir][0]) * lap[s] * g[m];
            u_b[a][b][c][m] -= t2 * diff[s] * V[a][b][c] * g[m];
            V_b[a][b][c] -= t2 * diff[s] * u[a][b][c][m] * g[m];
        }
        u_b[a][b][c][4] -= t2 * c2 * diff[s] * g[n];
        square_b[a][b][c] += t2 * c2 * diff[s] * g[n];
        /* m = 4 */
        qs_b[a][b][c] += C[dir][1] * lap[s] * g[4];
        V_b[a][b][c] += C[dir][2] * lap[s] * 2.0 * V[a][b][c] * g[4];
        u_b[a][b][c][4] += C[dir][3] * lap[s] * rho_i[a][b][c] * g[4];
        rho_i_b[a][b][c] += C[dir][3] * lap[s] * u[a][b][c][4] * g[4];
        u_b[a][b][c][4] -= t2 * diff[s] * c1 * V[a][b][c] * g[4];
        square_b[a][b][c] += t2 * diff[s] * c2 * V[a][b][c] * g[4];
        V_b[a][b][c] -= t2 * diff[s] * (c1 * u[a][b][c][4] - c2 * square[a][b][c]) * g[4];
    }
}

void npb_rhs_b(void)
{
    const int nx = grid_points[0], ny = grid_points[1], nz = grid_points[2];

    /* forward: the auxiliary fields */
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                const double *q = u[k][j][i];
                double r = 1.0 / q[0];
                rho_i[k][j][i] = r;
                us[k][j][i] = q[1] * r;
                vs[k][j][i] = q[2] * r;
                ws[k][j][i] = q[3] * r;
                square[k][j][i] = 0.5 * (q[1] * q[1] + q[2] * q[2] + q[3] * q[3]) * r;
                qs[k][j][i] = square[k][j][i] * r;
            }

    /* backward */
    for (int k = nz - 2; k >= 1; k--)
        for (int j = ny - 2; j >= 1; j--)
            for (int i = nx - 2; i >= 1; i--)
                for (int m = 0; m < 5; m++) rhs_b[k][j][i][m] *= dt;

    for (int dir = 2; dir >= 0; dir--)
        for (int k = nz - 2; k >= 1; k--)
            for (int j = ny - 2; j >= 1; j--)
                for (int i = nx - 2; i >= 1; i--) flux_b(dir, k, j, i);

    for (int k = nz - 1; k >= 0; k--)
        for (int j = ny - 1; j >= 0; j--)
            for (int i = nx - 1; i >= 0; i--)
                for (int m = 0; m < 5; m++) {
                    forcing_b[k][j][i][m] += rhs_b[k][j][i][m];
                    rhs_b[k][j][i][m] = 0.0;
                }

    for (int k = nz - 1; k >= 0; k--)
        for (int j = ny - 1; j >= 0; j--)
            for (int i = nx - 1; i >= 0; i--) {
                const double *q = u[k][j][i];
                double *q_b = u_b[k][j][i];
                double r = rho_i[k][j][i], sq = square[k][j][i];
                double sq_b = square_b[k][j][i] + qs_b[k][j][i] * r;
                double r_b = rho_i_b[k][j][i] + qs_b[k][j][i] * sq + sq_b * sq / r +
                             us_b[k][j][i] * q[1] + vs_b[k][j][i] * q[2] + ws_b[k][j][i] * q[3];
                q_b[1] += us_b[k][j][i] * r + sq_b * q[1] * r;
                q_b[2] += vs_b[k][j][i] * r + sq_b * q[2] * r;
                q_b[3] += ws_b[k][j][i] * r + sq_b * q[3] * r;
                q_b[0] -= r_b * r * r;
                rho_i_b[k][j][i] = us_b[k][j][i] = vs_b[k][j][i] = ws_b[k][j][i] = 0.0;
                square_b[k][j][i] = qs_b[k][j][i] = 0.0;
            }
}
