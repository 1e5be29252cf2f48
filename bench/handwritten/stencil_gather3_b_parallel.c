/* Hand-written parallel adjoint of stencil_gather3 in gather form (PerforAD): the limit a generated
 * gather adjoint is measured against (scripts/bench_adjoint.sh). Instead of scattering each primal
 * iteration's three increments (uold_b[i-1], uold_b[i], uold_b[i+1]: neighbouring iterations collide),
 * each target j sums the contributions of every primal iteration i = j+1, j, j-1 that read uold[j]:
 *     uold_b[j] += a*unew_b[j+1] + b*unew_b[j] + c*unew_b[j-1]     (only terms with 1 <= i <= n-2)
 * Each iteration owns its uold_b[j]: plain stores, no atomics, no reduction copies. The targets
 * 0, 1, n-2, n-1 miss some terms and are peeled; unew_b is consumed (set to 0) in a second loop after
 * the barrier, because neighbouring targets read it. Linear with passive weights: nothing recomputed. */

/* the sum for a target near the ends: only primal iterations 1 .. n-2 contribute */
static inline double gather_boundary(int n, double a, double b, double c, const double *unew_b, int j)
{
    double sum = 0.0;
    if (j + 1 >= 1 && j + 1 <= n - 2) sum += a * unew_b[j + 1];
    if (j >= 1 && j <= n - 2) sum += b * unew_b[j];
    if (j - 1 >= 1 && j - 1 <= n - 2) sum += c * unew_b[j - 1];
    return sum;
}

void stencil_gather3_b(int n, double a, double b, double c, const double *uold, double *uold_b, double *unew,
                       double *unew_b)
{
    (void)uold;
    (void)unew;
    int low_end = n < 2 ? n : 2;           /* targets 0 .. low_end-1 are peeled */
    int high_start = n - 2 > 2 ? n - 2 : 2; /* and high_start .. n-1 */
#pragma omp parallel
    {
#pragma omp single nowait
        {
            for (int j = 0; j < low_end; j++) uold_b[j] += gather_boundary(n, a, b, c, unew_b, j);
            for (int j = high_start; j < n; j++) uold_b[j] += gather_boundary(n, a, b, c, unew_b, j);
        }
#pragma omp for schedule(static)
        for (int j = 2; j < n - 2; j++)
            uold_b[j] += a * unew_b[j + 1] + b * unew_b[j] + c * unew_b[j - 1];
        /* implicit barrier: every target has read unew_b */
#pragma omp for schedule(static)
        for (int i = 1; i < n - 1; i++)
            unew_b[i] = 0.0;
    }
}
