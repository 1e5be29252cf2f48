/* The right-hand side of NPB SP's ADI iteration (compute_rhs in NPB3.x-OMP, C version), without the
 * fourth-order dissipation: one parallel region over file-scope arrays, holding
 *   - the auxiliary fields from u (nowait),
 *   - the copy of the forcing term into rhs (collapse(2), nowait),
 *   - a barrier: the fluxes read the auxiliary fields of neighbouring points,
 *   - the xi-, eta- and zeta-direction fluxes and the scaling by dt (nowait): four loops with the same
 *     static schedule and the same bounds, so each point's rhs stays with one thread. */

#include <math.h>

#include "npb_rhs.h"

int grid_points[3];

double u[KMAX][JMAXP + 1][IMAXP + 1][5];
double rhs[KMAX][JMAXP + 1][IMAXP + 1][5];
double forcing[KMAX][JMAXP + 1][IMAXP + 1][5];

double us[KMAX][JMAXP + 1][IMAXP + 1];
double vs[KMAX][JMAXP + 1][IMAXP + 1];
double ws[KMAX][JMAXP + 1][IMAXP + 1];
double qs[KMAX][JMAXP + 1][IMAXP + 1];
double rho_i[KMAX][JMAXP + 1][IMAXP + 1];
double square[KMAX][JMAXP + 1][IMAXP + 1];

double dt, c1, c2, con43;
double tx2, ty2, tz2;
double dx1tx1, dx2tx1, dx3tx1, dx4tx1, dx5tx1;
double dy1ty1, dy2ty1, dy3ty1, dy4ty1, dy5ty1;
double dz1tz1, dz2tz1, dz3tz1, dz4tz1, dz5tz1;
double xxcon2, xxcon3, xxcon4, xxcon5;
double yycon2, yycon3, yycon4, yycon5;
double zzcon2, zzcon3, zzcon4, zzcon5;

void set_constants(void)
{
    double dnxm1 = 1.0 / (double)(grid_points[0] - 1);
    double dnym1 = 1.0 / (double)(grid_points[1] - 1);
    double dnzm1 = 1.0 / (double)(grid_points[2] - 1);
    double tx1 = 1.0 / (dnxm1 * dnxm1), tx3 = 1.0 / dnxm1;
    double ty1 = 1.0 / (dnym1 * dnym1), ty3 = 1.0 / dnym1;
    double tz1 = 1.0 / (dnzm1 * dnzm1), tz3 = 1.0 / dnzm1;
    double c3 = 0.1, c4 = 1.0, c5 = 1.4, c3c4 = c3 * c4, c1c5, conz1, con16 = 1.0 / 6.0;

    dt = 0.015;
    c1 = 1.4;
    c2 = 0.4;
    c1c5 = c1 * c5;
    conz1 = 1.0 - c1c5;
    con43 = 4.0 / 3.0;
    tx2 = 1.0 / (2.0 * dnxm1);
    ty2 = 1.0 / (2.0 * dnym1);
    tz2 = 1.0 / (2.0 * dnzm1);
    dx1tx1 = 0.75 * tx1; dx2tx1 = 0.75 * tx1; dx3tx1 = 0.75 * tx1; dx4tx1 = 0.75 * tx1; dx5tx1 = 0.75 * tx1;
    dy1ty1 = 0.75 * ty1; dy2ty1 = 0.75 * ty1; dy3ty1 = 0.75 * ty1; dy4ty1 = 0.75 * ty1; dy5ty1 = 0.75 * ty1;
    dz1tz1 = 1.0 * tz1; dz2tz1 = 1.0 * tz1; dz3tz1 = 1.0 * tz1; dz4tz1 = 1.0 * tz1; dz5tz1 = 1.0 * tz1;
    xxcon2 = c3c4 * tx3; xxcon3 = c3c4 * conz1 * tx3; xxcon4 = c3c4 * con16 * tx3; xxcon5 = c3c4 * c1c5 * tx3;
    yycon2 = c3c4 * ty3; yycon3 = c3c4 * conz1 * ty3; yycon4 = c3c4 * con16 * ty3; yycon5 = c3c4 * c1c5 * ty3;
    zzcon2 = c3c4 * tz3; zzcon3 = c3c4 * conz1 * tz3; zzcon4 = c3c4 * con16 * tz3; zzcon5 = c3c4 * c1c5 * tz3;
}

void npb_rhs(void)
{
    int i, j, k, m;
    double rho_inv, uijk, up1, um1, vijk, vp1, vm1, wijk, wp1, wm1;
    int nx2 = grid_points[0] - 2, ny2 = grid_points[1] - 2, nz2 = grid_points[2] - 2;

#pragma omp parallel default(shared) private(i, j, k, m, rho_inv, uijk, up1, um1, vijk, vp1, vm1, wijk, wp1, wm1)
    {
        /* compute the reciprocal of density, the velocities and the kinetic energy */
#pragma omp for schedule(static) nowait
        for (k = 0; k <= grid_points[2] - 1; k++) {
            for (j = 0; j <= grid_points[1] - 1; j++) {
                for (i = 0; i <= grid_points[0] - 1; i++) {
                    rho_inv = 1.0 / u[k][j][i][0];
                    rho_i[k][j][i] = rho_inv;
                    us[k][j][i] = u[k][j][i][1] * rho_inv;
                    vs[k][j][i] = u[k][j][i][2] * rho_inv;
                    ws[k][j][i] = u[k][j][i][3] * rho_inv;
                    square[k][j][i] = 0.5 * (u[k][j][i][1] * u[k][j][i][1] + u[k][j][i][2] * u[k][j][i][2] +
                                             u[k][j][i][3] * u[k][j][i][3]) * rho_inv;
                    qs[k][j][i] = square[k][j][i] * rho_inv;
                }
            }
        }

        /* copy the exact forcing term to the right hand side */
#pragma omp for collapse(2) schedule(static) nowait
        for (k = 0; k <= grid_points[2] - 1; k++) {
            for (j = 0; j <= grid_points[1] - 1; j++) {
                for (i = 0; i <= grid_points[0] - 1; i++) {
                    for (m = 0; m < 5; m++) {
                        rhs[k][j][i][m] = forcing[k][j][i][m];
                    }
                }
            }
        }

#pragma omp barrier

        /* compute xi-direction fluxes */
#pragma omp for schedule(static) nowait
        for (k = 1; k <= nz2; k++) {
            for (j = 1; j <= ny2; j++) {
                for (i = 1; i <= nx2; i++) {
                    uijk = us[k][j][i];
                    up1 = us[k][j][i + 1];
                    um1 = us[k][j][i - 1];

                    rhs[k][j][i][0] = rhs[k][j][i][0] +
                        dx1tx1 * (u[k][j][i + 1][0] - 2.0 * u[k][j][i][0] + u[k][j][i - 1][0]) -
                        tx2 * (u[k][j][i + 1][1] - u[k][j][i - 1][1]);

                    rhs[k][j][i][1] = rhs[k][j][i][1] +
                        dx2tx1 * (u[k][j][i + 1][1] - 2.0 * u[k][j][i][1] + u[k][j][i - 1][1]) +
                        xxcon2 * con43 * (up1 - 2.0 * uijk + um1) -
                        tx2 * (u[k][j][i + 1][1] * up1 - u[k][j][i - 1][1] * um1 +
                               (u[k][j][i + 1][4] - square[k][j][i + 1] - u[k][j][i - 1][4] + square[k][j][i - 1]) * c2);

                    rhs[k][j][i][2] = rhs[k][j][i][2] +
                        dx3tx1 * (u[k][j][i + 1][2] - 2.0 * u[k][j][i][2] + u[k][j][i - 1][2]) +
                        xxcon2 * (vs[k][j][i + 1] - 2.0 * vs[k][j][i] + vs[k][j][i - 1]) -
                        tx2 * (u[k][j][i + 1][2] * up1 - u[k][j][i - 1][2] * um1);

                    rhs[k][j][i][3] = rhs[k][j][i][3] +
                        dx4tx1 * (u[k][j][i + 1][3] - 2.0 * u[k][j][i][3] + u[k][j][i - 1][3]) +
                        xxcon2 * (ws[k][j][i + 1] - 2.0 * ws[k][j][i] + ws[k][j][i - 1]) -
                        tx2 * (u[k][j][i + 1][3] * up1 - u[k][j][i - 1][3] * um1);

                    rhs[k][j][i][4] = rhs[k][j][i][4] +
                        dx5tx1 * (u[k][j][i + 1][4] - 2.0 * u[k][j][i][4] + u[k][j][i - 1][4]) +
                        xxcon3 * (qs[k][j][i + 1] - 2.0 * qs[k][j][i] + qs[k][j][i - 1]) +
                        xxcon4 * (up1 * up1 - 2.0 * uijk * uijk + um1 * um1) +
                        xxcon5 * (u[k][j][i + 1][4] * rho_i[k][j][i + 1] - 2.0 * u[k][j][i][4] * rho_i[k][j][i] +
                                  u[k][j][i - 1][4] * rho_i[k][j][i - 1]) -
                        tx2 * ((c1 * u[k][j][i + 1][4] - c2 * square[k][j][i + 1]) * up1 -
                               (c1 * u[k][j][i - 1][4] - c2 * square[k][j][i - 1]) * um1);
                }
            }
        }

        /* compute eta-direction fluxes */
#pragma omp for schedule(static) nowait
        for (k = 1; k <= nz2; k++) {
            for (j = 1; j <= ny2; j++) {
                for (i = 1; i <= nx2; i++) {
                    vijk = vs[k][j][i];
                    vp1 = vs[k][j + 1][i];
                    vm1 = vs[k][j - 1][i];

                    rhs[k][j][i][0] = rhs[k][j][i][0] +
                        dy1ty1 * (u[k][j + 1][i][0] - 2.0 * u[k][j][i][0] + u[k][j - 1][i][0]) -
                        ty2 * (u[k][j + 1][i][2] - u[k][j - 1][i][2]);

                    rhs[k][j][i][1] = rhs[k][j][i][1] +
                        dy2ty1 * (u[k][j + 1][i][1] - 2.0 * u[k][j][i][1] + u[k][j - 1][i][1]) +
                        yycon2 * (us[k][j + 1][i] - 2.0 * us[k][j][i] + us[k][j - 1][i]) -
                        ty2 * (u[k][j + 1][i][1] * vp1 - u[k][j - 1][i][1] * vm1);

                    rhs[k][j][i][2] = rhs[k][j][i][2] +
                        dy3ty1 * (u[k][j + 1][i][2] - 2.0 * u[k][j][i][2] + u[k][j - 1][i][2]) +
                        yycon2 * con43 * (vp1 - 2.0 * vijk + vm1) -
                        ty2 * (u[k][j + 1][i][2] * vp1 - u[k][j - 1][i][2] * vm1 +
                               (u[k][j + 1][i][4] - square[k][j + 1][i] - u[k][j - 1][i][4] + square[k][j - 1][i]) * c2);

                    rhs[k][j][i][3] = rhs[k][j][i][3] +
                        dy4ty1 * (u[k][j + 1][i][3] - 2.0 * u[k][j][i][3] + u[k][j - 1][i][3]) +
                        yycon2 * (ws[k][j + 1][i] - 2.0 * ws[k][j][i] + ws[k][j - 1][i]) -
                        ty2 * (u[k][j + 1][i][3] * vp1 - u[k][j - 1][i][3] * vm1);

                    rhs[k][j][i][4] = rhs[k][j][i][4] +
                        dy5ty1 * (u[k][j + 1][i][4] - 2.0 * u[k][j][i][4] + u[k][j - 1][i][4]) +
                        yycon3 * (qs[k][j + 1][i] - 2.0 * qs[k][j][i] + qs[k][j - 1][i]) +
                        yycon4 * (vp1 * vp1 - 2.0 * vijk * vijk + vm1 * vm1) +
                        yycon5 * (u[k][j + 1][i][4] * rho_i[k][j + 1][i] - 2.0 * u[k][j][i][4] * rho_i[k][j][i] +
                                  u[k][j - 1][i][4] * rho_i[k][j - 1][i]) -
                        ty2 * ((c1 * u[k][j + 1][i][4] - c2 * square[k][j + 1][i]) * vp1 -
                               (c1 * u[k][j - 1][i][4] - c2 * square[k][j - 1][i]) * vm1);
                }
            }
        }

        /* compute zeta-direction fluxes */
#pragma omp for schedule(static) nowait
        for (k = 1; k <= nz2; k++) {
            for (j = 1; j <= ny2; j++) {
                for (i = 1; i <= nx2; i++) {
                    wijk = ws[k][j][i];
                    wp1 = ws[k + 1][j][i];
                    wm1 = ws[k - 1][j][i];

                    rhs[k][j][i][0] = rhs[k][j][i][0] +
                        dz1tz1 * (u[k + 1][j][i][0] - 2.0 * u[k][j][i][0] + u[k - 1][j][i][0]) -
                        tz2 * (u[k + 1][j][i][3] - u[k - 1][j][i][3]);

                    rhs[k][j][i][1] = rhs[k][j][i][1] +
                        dz2tz1 * (u[k + 1][j][i][1] - 2.0 * u[k][j][i][1] + u[k - 1][j][i][1]) +
                        zzcon2 * (us[k + 1][j][i] - 2.0 * us[k][j][i] + us[k - 1][j][i]) -
                        tz2 * (u[k + 1][j][i][1] * wp1 - u[k - 1][j][i][1] * wm1);

                    rhs[k][j][i][2] = rhs[k][j][i][2] +
                        dz3tz1 * (u[k + 1][j][i][2] - 2.0 * u[k][j][i][2] + u[k - 1][j][i][2]) +
                        zzcon2 * (vs[k + 1][j][i] - 2.0 * vs[k][j][i] + vs[k - 1][j][i]) -
                        tz2 * (u[k + 1][j][i][2] * wp1 - u[k - 1][j][i][2] * wm1);

                    rhs[k][j][i][3] = rhs[k][j][i][3] +
                        dz4tz1 * (u[k + 1][j][i][3] - 2.0 * u[k][j][i][3] + u[k - 1][j][i][3]) +
                        zzcon2 * con43 * (wp1 - 2.0 * wijk + wm1) -
                        tz2 * (u[k + 1][j][i][3] * wp1 - u[k - 1][j][i][3] * wm1 +
                               (u[k + 1][j][i][4] - square[k + 1][j][i] - u[k - 1][j][i][4] + square[k - 1][j][i]) * c2);

                    rhs[k][j][i][4] = rhs[k][j][i][4] +
                        dz5tz1 * (u[k + 1][j][i][4] - 2.0 * u[k][j][i][4] + u[k - 1][j][i][4]) +
                        zzcon3 * (qs[k + 1][j][i] - 2.0 * qs[k][j][i] + qs[k - 1][j][i]) +
                        zzcon4 * (wp1 * wp1 - 2.0 * wijk * wijk + wm1 * wm1) +
                        zzcon5 * (u[k + 1][j][i][4] * rho_i[k + 1][j][i] - 2.0 * u[k][j][i][4] * rho_i[k][j][i] +
                                  u[k - 1][j][i][4] * rho_i[k - 1][j][i]) -
                        tz2 * ((c1 * u[k + 1][j][i][4] - c2 * square[k + 1][j][i]) * wp1 -
                               (c1 * u[k - 1][j][i][4] - c2 * square[k - 1][j][i]) * wm1);
                }
            }
        }

#pragma omp for schedule(static) nowait
        for (k = 1; k <= nz2; k++) {
            for (j = 1; j <= ny2; j++) {
                for (i = 1; i <= nx2; i++) {
                    for (m = 0; m < 5; m++) {
                        rhs[k][j][i][m] = rhs[k][j][i][m] * dt;
                    }
                }
            }
        }
    } /* end parallel */
}
