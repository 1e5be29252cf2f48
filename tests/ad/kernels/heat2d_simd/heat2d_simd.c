/* Test kernel for `adrace adjoint` (not a corpus case): one explicit step of nonlinear heat
 * conduction on an nx x ny grid stored column-major, as Fortran-derived C codes write it: the
 * index through an FTNREF2D macro, C89 counters, the inner loop under `#pragma omp simd`, the five
 * neighbours read into locals declared together on one line. The analysis sees through the simd
 * loop (a perfect nest: each point runs once), so u's adjoint is a gather over (j, i). */

#define FTNREF2D(i, j, nx) ((nx) * (j) + (i))
#define KAPPA 0.1 /* how fast the conductivity grows with the temperature */

void heat2d_simd(int nx, int ny, double rx, double ry, const double *u, double *unew)
{
    int i, j;

#pragma omp parallel for private(i) schedule(static)
    for (j = 1; j < ny - 1; j++) {
#pragma omp simd
        for (i = 1; i < nx - 1; i++) {
            double c = u[FTNREF2D(i, j, nx)], w = u[FTNREF2D(i - 1, j, nx)], e = u[FTNREF2D(i + 1, j, nx)];
            double s = u[FTNREF2D(i, j - 1, nx)], n = u[FTNREF2D(i, j + 1, nx)];
            double conductivity = 1.0 + KAPPA * c * c;
            unew[FTNREF2D(i, j, nx)] = c + conductivity * (rx * (e - 2.0 * c + w) /* along x */
                                                           + ry * (n - 2.0 * c + s));
        }
    }
}
