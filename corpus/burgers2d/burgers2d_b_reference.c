/* Hand-written reverse-mode adjoints of burgers2d and burgers2d_evenodd (the test oracle); the
 * coefficients cx, cy, rx, ry are passive. Both functions compute the same grid values and differ only
 * in the order of the points, so they share the adjoint of one grid point.
 *
 * Point (j, i), with a = unew_b[j][i] and b = vnew_b[j][i]:
 *   unew = uc - cx*uc*dudx - cy*vc*dudy + rx*(ue - 2uc + uw) + ry*(un - 2uc + us)
 *   vnew = vc - cx*uc*dvdx - cy*vc*dvdy + rx*(ve - 2vc + vw) + ry*(vn - 2vc + vs)
 *   =>  uc_b += a*(1 - cx*dudx - 2rx - 2ry) - b*cx*dvdx;   vc_b += b*(1 - cy*dvdy - 2rx - 2ry) - a*cy*dudy
 *       dudx_b = -a*cx*uc;  dudy_b = -a*cy*vc;  dvdx_b = -b*cx*uc;  dvdy_b = -b*cy*vc
 *       ue_b, uw_b += a*rx;  un_b, us_b += a*ry;  ve_b, vw_b += b*rx;  vn_b, vs_b += b*ry
 *   and each upwind difference passes its adjoint to the two values of the branch taken. */

#define BLOCK_ROWS 4

static void point_b(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                    double u_b[ny][nx], const double v[ny][nx], double v_b[ny][nx], double unew_b[ny][nx],
                    double vnew_b[ny][nx], int j, int i)
{
    double uc = u[j][i], uw = u[j][i - 1], ue = u[j][i + 1], us = u[j - 1][i], un = u[j + 1][i];
    double vc = v[j][i], vw = v[j][i - 1], ve = v[j][i + 1], vs = v[j - 1][i], vn = v[j + 1][i];
    double dudx = uc > 0.0 ? uc - uw : ue - uc;
    double dudy = vc > 0.0 ? uc - us : un - uc;
    double dvdx = uc > 0.0 ? vc - vw : ve - vc;
    double dvdy = vc > 0.0 ? vc - vs : vn - vc;
    double uc_b = 0.0, uw_b = 0.0, ue_b = 0.0, us_b = 0.0, un_b = 0.0;
    double vc_b = 0.0, vw_b = 0.0, ve_b = 0.0, vs_b = 0.0, vn_b = 0.0;

    /* vnew[j][i] = ... */
    double b = vnew_b[j][i];
    vnew_b[j][i] = 0.0;
    vc_b += b * (1.0 - cy * dvdy - 2.0 * rx - 2.0 * ry);
    uc_b -= b * cx * dvdx;
    double dvdx_b = -b * cx * uc, dvdy_b = -b * cy * vc;
    ve_b += b * rx;
    vw_b += b * rx;
    vn_b += b * ry;
    vs_b += b * ry;

    /* unew[j][i] = ... */
    double a = unew_b[j][i];
    unew_b[j][i] = 0.0;
    uc_b += a * (1.0 - cx * dudx - 2.0 * rx - 2.0 * ry);
    vc_b -= a * cy * dudy;
    double dudx_b = -a * cx * uc, dudy_b = -a * cy * vc;
    ue_b += a * rx;
    uw_b += a * rx;
    un_b += a * ry;
    us_b += a * ry;

    /* upwind differences, reversed */
    if (vc > 0.0) { vc_b += dvdy_b; vs_b -= dvdy_b; } else { vn_b += dvdy_b; vc_b -= dvdy_b; }
    if (uc > 0.0) { vc_b += dvdx_b; vw_b -= dvdx_b; } else { ve_b += dvdx_b; vc_b -= dvdx_b; }
    if (vc > 0.0) { uc_b += dudy_b; us_b -= dudy_b; } else { un_b += dudy_b; uc_b -= dudy_b; }
    if (uc > 0.0) { uc_b += dudx_b; uw_b -= dudx_b; } else { ue_b += dudx_b; uc_b -= dudx_b; }

    /* the ten loads */
    u_b[j][i] += uc_b; u_b[j][i - 1] += uw_b; u_b[j][i + 1] += ue_b; u_b[j - 1][i] += us_b; u_b[j + 1][i] += un_b;
    v_b[j][i] += vc_b; v_b[j][i - 1] += vw_b; v_b[j][i + 1] += ve_b; v_b[j - 1][i] += vs_b; v_b[j + 1][i] += vn_b;
}

void burgers2d_b(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                 double u_b[ny][nx], const double v[ny][nx], double v_b[ny][nx], double unew[ny][nx],
                 double unew_b[ny][nx], double vnew[ny][nx], double vnew_b[ny][nx])
{
    (void)unew;
    (void)vnew;
    for (int j = ny - 2; j >= 1; j--)
        for (int i = nx - 2; i >= 1; i--)
            point_b(ny, nx, cx, cy, rx, ry, u, u_b, v, v_b, unew_b, vnew_b, j, i);
}

void burgers2d_evenodd_b(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                         double u_b[ny][nx], const double v[ny][nx], double v_b[ny][nx], double unew[ny][nx],
                         double unew_b[ny][nx], double vnew[ny][nx], double vnew_b[ny][nx])
{
    int nblocks = (ny - 2 + BLOCK_ROWS - 1) / BLOCK_ROWS;
    (void)unew;
    (void)vnew;
    for (int parity = 1; parity >= 0; parity--) {
        int count = nblocks > parity ? (nblocks - parity + 1) / 2 : 0; /* b = parity, parity+2, ... < nblocks */
        for (int k = count - 1; k >= 0; k--) {
            int b = parity + 2 * k;
            int jend = 1 + (b + 1) * BLOCK_ROWS < ny - 1 ? 1 + (b + 1) * BLOCK_ROWS : ny - 1;
            for (int j = jend - 1; j >= 1 + b * BLOCK_ROWS; j--)
                for (int i = nx - 2; i >= 1; i--)
                    point_b(ny, nx, cx, cy, rx, ry, u, u_b, v, v_b, unew_b, vnew_b, j, i);
        }
    }
}
