/* Test kernel for `adrace adjoint` (not a corpus case): a 1-D nonlinear flux whose neighbour terms
 * exist only inside the grid, written with `?:` arms whose values multiply two reads. The adjoint of
 * such an arm is a partial times the arm's seed, `u[i + 1] * (i < n - 1 ? flux_b[i] : 0.0)`: stored,
 * and its partial read, only where the arm ran, since u[n] and u_b[n] do not exist. */
#define HALF 0.5

void arm_products(int n, const double *u, double *flux)
{
    int i;

#pragma omp parallel for schedule(static)
    for (i = 0; i < n; i++)
        flux[i] = u[i] * u[i]
                  + (i < n - 1 ? u[i + 1] * u[i] : 0.0)              /* east face, inside only */
                  - (i > 0 ? HALF * u[i - 1] * u[i - 1] : 0.0);      /* west face */
}
