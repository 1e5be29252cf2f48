/* Test kernel for `adrace adjoint` (not a corpus case): while and do loops with break and continue,
 * in a parallel loop's body and in sequential code, as iterative per-cell solvers write them. Each
 * cell relaxes its value until a residual test passes (the driver passes tol < 0, so the test never
 * does), for at most `sweeps` sweeps or its own limit lim[i], skipping every `skip`-th sweep; then a
 * sequential do loop folds the first few cells into a running norm, and a for loop adds the cells
 * before the first one whose limit is 1. The trip counts are known only to the forward sweep. */
#include <math.h>

#define NORM_CELLS 5 /* cells folded into the norm */
#define DAMPING 0.1

void sweep_limits(int n, int sweeps, int skip, double tol, const int *lim, const double *w, double *u, double *norm)
{
    int k;
    double v, r;
    int it;

#pragma omp parallel for private(v, r, it) schedule(dynamic, 8)
    for (int i = 0; i < n; i++) {
        v = u[i];
        r = v * w[i];
        it = 0;
        while (it < sweeps && fabs(r) > tol) {
            it++;
            if (it % skip == 0) /* a skipped sweep */
                continue;
            v = v - DAMPING * sin(v) * w[i];
            r = v * /* residual of this sweep */ w[i] - r * 0.5;
            if (it >= lim[i]) {
                u[i] = v * 0.5; /* the cell's own limit: keep half of the step */
                break;
            }
            u[i] = v;
        }
    }

    k = 0;
    do {
        *norm = *norm * 0.5 + u[k] * u[k];
        k++;
        if (k >= n)
            break;
    } while (k < NORM_CELLS);

    for (int j = 0; j < n; j++) { /* the cells up to the first one without a limit of its own */
        if (lim[j] == 1)
            break;
        *norm += 0.25 * u[j] * w[j];
    }
}
