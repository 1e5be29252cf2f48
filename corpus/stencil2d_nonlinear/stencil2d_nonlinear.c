/* One explicit time step of a nonlinear diffusion (the porous-medium equation u_t = div(k(u) grad u),
 * k(u) = K0 + u^2) on an ny x nx grid, five-point stencil in flux form: the flux through the face
 * between two cells is the mean of their diffusivities times the difference of their values. The
 * boundary rows and columns are not updated. r = dt / h^2. */

#define K0 0.1 /* background diffusivity: keeps the equation parabolic where u = 0 */

static inline double diffusivity(double u) { return K0 + u * u; }

/* the flux from cell a into cell b across their common face */
static inline double face_flux(double ua, double ub) { return 0.5 * (diffusivity(ua) + diffusivity(ub)) * (ub - ua); }

void stencil2d_nonlinear(int ny, int nx, double r, const double u[ny][nx], double unew[ny][nx])
{
#pragma omp parallel for collapse(2) schedule(static)
    for (int j = 1; j < ny - 1; j++)
        for (int i = 1; i < nx - 1; i++) {
            double flux_east = face_flux(u[j][i], u[j][i + 1]);
            double flux_west = face_flux(u[j][i - 1], u[j][i]);
            double flux_north = face_flux(u[j][i], u[j + 1][i]);
            double flux_south = face_flux(u[j - 1][i], u[j][i]);
            unew[j][i] = u[j][i] + r * (flux_east - flux_west + flux_north - flux_south);
        }
}
