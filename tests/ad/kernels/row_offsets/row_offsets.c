/* Test kernel for `adrace adjoint` (not a corpus case): one explicit step of a 2-D diffusion on a
 * row-major ny x nx grid, written as grid codes write it: C89 counters, a point index p computed
 * once per cell, its neighbours as offsets of p (a row is nx points: p - nx is the cell above), a
 * material coefficient per cell, the centre weight as a macro. Every read of u goes through p, so
 * u's adjoint is gathered with the point index written out at each target. */
#define CENTRE_WEIGHT (-4.0)

void row_offsets(int ny, int nx, const double *kappa, const double *u, double *unew)
{
    int i, j;
    long p;

#pragma omp parallel for private(i, p) schedule(static)
    for (j = 1; j < ny - 1; j++) {
        for (i = 1; i < nx - 1; i++) {
            p = (long)j * nx + i;
            unew[p] = u[p] + kappa[p] * (u[p - nx] + u[p + nx] /* the rows above and below */
                                         + u[p - 1] + u[p + 1] + CENTRE_WEIGHT * u[p]);
        }
    }
}
