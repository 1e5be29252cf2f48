/* One explicit time step of the coupled 2-D Burgers' equations ([OpDiLib]'s test case, §6)
 *     u_t + u u_x + v u_y = nu (u_xx + u_yy),    v_t + u v_x + v v_y = nu (v_xx + v_yy)
 * on an ny x nx grid, with first-order upwind convection and central diffusion; the boundary rows and
 * columns are not updated. cx = dt/dx, cy = dt/dy, rx = nu dt/dx^2, ry = nu dt/dy^2.
 *
 * burgers2d: the rows are split across the threads (one block of rows each); neighbouring threads
 * read each other's boundary rows ("shared reading").
 * burgers2d_evenodd: the rows are cut into blocks of BLOCK_ROWS; the even blocks are updated in one
 * parallel sweep and the odd blocks in a second one, so that no two blocks updated at the same time read
 * the same row (OpDiLib's configuration without shared reading). */

#define BLOCK_ROWS 4

void burgers2d(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
               const double v[ny][nx], double unew[ny][nx], double vnew[ny][nx])
{
#pragma omp parallel for schedule(static)
    for (int j = 1; j < ny - 1; j++) {
        for (int i = 1; i < nx - 1; i++) {
            double uc = u[j][i], uw = u[j][i - 1], ue = u[j][i + 1], us = u[j - 1][i], un = u[j + 1][i];
            double vc = v[j][i], vw = v[j][i - 1], ve = v[j][i + 1], vs = v[j - 1][i], vn = v[j + 1][i];
            double dudx = uc > 0.0 ? uc - uw : ue - uc; /* upwind differences */
            double dudy = vc > 0.0 ? uc - us : un - uc;
            double dvdx = uc > 0.0 ? vc - vw : ve - vc;
            double dvdy = vc > 0.0 ? vc - vs : vn - vc;
            unew[j][i] = uc - cx * uc * dudx - cy * vc * dudy
                         + rx * (ue - 2.0 * uc + uw) + ry * (un - 2.0 * uc + us);
            vnew[j][i] = vc - cx * uc * dvdx - cy * vc * dvdy
                         + rx * (ve - 2.0 * vc + vw) + ry * (vn - 2.0 * vc + vs);
        }
    }
}

void burgers2d_evenodd(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                       const double v[ny][nx], double unew[ny][nx], double vnew[ny][nx])
{
    int nblocks = (ny - 2 + BLOCK_ROWS - 1) / BLOCK_ROWS;
    for (int parity = 0; parity < 2; parity++) {
#pragma omp parallel for schedule(static)
        for (int b = parity; b < nblocks; b += 2) {
            for (int j = 1 + b * BLOCK_ROWS; j < 1 + (b + 1) * BLOCK_ROWS && j < ny - 1; j++) {
                for (int i = 1; i < nx - 1; i++) {
                    double uc = u[j][i], uw = u[j][i - 1], ue = u[j][i + 1], us = u[j - 1][i], un = u[j + 1][i];
                    double vc = v[j][i], vw = v[j][i - 1], ve = v[j][i + 1], vs = v[j - 1][i], vn = v[j + 1][i];
                    double dudx = uc > 0.0 ? uc - uw : ue - uc; /* upwind differences */
                    double dudy = vc > 0.0 ? uc - us : un - uc;
                    double dvdx = uc > 0.0 ? vc - vw : ve - vc;
                    double dvdy = vc > 0.0 ? vc - vs : vn - vc;
                    unew[j][i] = uc - cx * uc * dudx - cy * vc * dudy
                                 + rx * (ue - 2.0 * uc + uw) + ry * (un - 2.0 * uc + us);
                    vnew[j][i] = vc - cx * uc * dvdx - cy * vc * dvdy
                                 + rx * (ve - 2.0 * vc + vw) + ry * (vn - 2.0 * vc + vs);
                }
            }
        }
    }
}
