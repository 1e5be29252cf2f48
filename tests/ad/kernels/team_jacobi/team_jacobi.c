/* Test kernel for `adrace adjoint` (not a corpus case): two damped Jacobi sweeps of a 1-D Poisson
 * problem, as a multigrid smoother writes them when it opens the parallel region once per call. Each
 * thread first works out the damping weights from the solver's parameters (the same on every
 * thread), then the team shares the two sweeps, one worksharing loop each, the second reading what
 * the first wrote. C89 counter, macros, a float scale taken firstprivate, two locals declared on one
 * line, comments in the middle of the stencil. The weights are alike on every thread
 * (ad/TeamUniform.h), so both u's and work's adjoints are gathers, with the team's barriers. */
#define HALF 0.5
#define DAMPING(omega) ((omega)*2.0 / 3.0) /* weighted Jacobi's optimal damping in 1-D */

void team_jacobi(int n, double omega, float hscale, const double *f, const double *u, double *work, double *unew)
{
    int i;

#pragma omp parallel default(shared) private(i) firstprivate(hscale)
    {
        /* every thread computes the same weights */
        const double w = DAMPING(omega);
        double rhs_w = w * (double)hscale * (double)hscale, keep = 1.0 - w;

#pragma omp for schedule(static)
        for (i = 1; i < n - 1; i++)
            work[i] = keep * u[i] + w * HALF * (u[i - 1] /* west */ + u[i + 1] /* east */) + rhs_w * f[i];

#pragma omp for schedule(static)
        for (i = 2; i < n - 2; i++)
            unew[i] = keep * work[i] + w * HALF * (work[i - 1] + /* east: */ work[i + 1]);
    }
}
