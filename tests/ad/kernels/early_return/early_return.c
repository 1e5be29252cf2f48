/* Test kernel for `adrace adjoint` (not a corpus case): early returns from a void function, as
 * library routines guard their input and stop when there is nothing more to do: an empty problem
 * returns at once, and a call asking for one stage returns after it, before the smoothing stage. The
 * backward sweep starts where the primal returned. */
#include <math.h>

void early_return(int n, int stages, double alpha, const double *x, double *y, double *peak)
{
    double m;

    if (n <= 0) /* nothing to do */
        return;
#pragma omp parallel for firstprivate(alpha)
    for (int i = 0; i < n; i++)
        y[i] = alpha * x[i] * x[i];
    m = y[0] * y[n - 1];
    *peak = sqrt(m);
    if (stages < 2) {
        *peak = *peak * 2.0; /* one stage only: scaled for the caller */
        return;
    }
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        y[i] = y[i] * exp(-0.5 * x[i - 1]) + m * x[i + 1];
}
