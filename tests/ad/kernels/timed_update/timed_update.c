/* Test kernel for `adrace adjoint` (not a corpus case): calls the derivative does not depend on, as an
 * application wraps its kernels: a timer around the loop, the team size set from a parameter and
 * recorded, and a report printed when asked. The adjoint keeps them
 * in its forward sweep where the primal makes them (it prints once) and leaves them out of its
 * backward sweep. */
#include <math.h>
#include <omp.h>
#include <stdio.h>

void timed_update(int n, int nthreads, int verbose, const double *x, double *y, int *team)
{
    double start = omp_get_wtime();

    if (nthreads > 0)
        omp_set_num_threads(nthreads);
    team[0] = omp_get_max_threads(); /* for the report */
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = y[i] * cos(x[i]) + 0.5 * x[i];
    if (verbose)
        printf("timed_update: %d points, %d threads, %.3f ms\n", n, team[0], 1e3 * (omp_get_wtime() - start));
    if (verbose > 1)
        puts("timed_update: done");
}
