/* One Jacobi step of a 3-D heat equation with a variable coefficient, seven-point stencil on an
 * nz x ny x nx grid stored flat (x fastest), written in C89 style: counters declared at the top,
 * private inner counters, an index macro. c[p] = kappa(p) * dt / h^2 is read from an input array
 * (a material map); the boundary planes are not updated. */

#define IDX(k, j, i) (((long)(k) * ny + (j)) * nx + (i))

void stencil3d7(int nz, int ny, int nx, const double *c, const double *u, double *unew)
{
    int i, j, k;
    long p;
    double laplacian;

#pragma omp parallel for private(j, i, p, laplacian) schedule(static)
    for (k = 1; k < nz - 1; k++)
        for (j = 1; j < ny - 1; j++)
            for (i = 1; i < nx - 1; i++) {
                p = IDX(k, j, i);
                laplacian = u[IDX(k, j, i - 1)] + u[IDX(k, j, i + 1)] /* x neighbours */
                            + u[IDX(k, j - 1, i)] + u[IDX(k, j + 1, i)] /* y */
                            + u[IDX(k - 1, j, i)] + u[IDX(k + 1, j, i)] /* z */
                            - 6.0 * u[p];
                unew[p] = u[p] + c[p] * laplacian;
            }
}
