/* Hand-written reverse-mode adjoint of stencil3d7 (the test oracle); c, u and unew are all active
 * (the gradient with respect to the material map c is what a parameter estimation needs).
 *
 * Expected `adrace analyze` verdicts (loop at line 14, over k, with sequential j and i inside):
 *   u     guarded  neighbouring iterations read the same u element (u[IDX(k+1, j, i)] of k is
 *                  u[IDX(k'-1, j, i)] of k' = k+1); u is only read, so a reduction is possible.
 *                  Gather candidate: every reference is p + (constant offset in one dimension).
 *   c     shared   c_b[p] is incremented at the iteration's own point only.
 *   unew  shared   unew_b[p] is read and reset at the iteration's own point.
 *   j, i, p, laplacian private.
 * (adrace before gathers gave exactly these; `u` is atomic without --extent u=nz*ny*nx and
 * reduction with it. Its Z3 queries over the products in IDX take about 10 s.)
 *
 *   unew[p] = u[p] + c[p]*L,  L = sum of the six neighbours - 6 u[p]
 *     =>  c_b[p] += L*unew_b[p];  L_b = c[p]*unew_b[p];  u_b[p] += unew_b[p] - 6 L_b;
 *         u_b[neighbour] += L_b (six times);  unew_b[p] = 0 */

#define IDX(k, j, i) (((long)(k) * ny + (j)) * nx + (i))

void stencil3d7_b(int nz, int ny, int nx, const double *c, double *c_b, const double *u, double *u_b,
                  double *unew, double *unew_b)
{
    int i, j, k;
    (void)unew;
    for (k = nz - 2; k >= 1; k--)
        for (j = ny - 2; j >= 1; j--)
            for (i = nx - 2; i >= 1; i--) {
                long p = IDX(k, j, i);
                double t_b = unew_b[p];
                double laplacian = u[IDX(k, j, i - 1)] + u[IDX(k, j, i + 1)] + u[IDX(k, j - 1, i)] +
                                   u[IDX(k, j + 1, i)] + u[IDX(k - 1, j, i)] + u[IDX(k + 1, j, i)] - 6.0 * u[p];
                double laplacian_b = c[p] * t_b;
                unew_b[p] = 0.0;
                c_b[p] += laplacian * t_b;
                u_b[p] += t_b - 6.0 * laplacian_b;
                u_b[IDX(k, j, i - 1)] += laplacian_b;
                u_b[IDX(k, j, i + 1)] += laplacian_b;
                u_b[IDX(k, j - 1, i)] += laplacian_b;
                u_b[IDX(k, j + 1, i)] += laplacian_b;
                u_b[IDX(k - 1, j, i)] += laplacian_b;
                u_b[IDX(k + 1, j, i)] += laplacian_b;
            }
}
