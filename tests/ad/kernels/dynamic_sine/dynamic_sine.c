/* Test kernel for `adrace adjoint` (not a corpus case): nonlinear statements in a dynamically
 * scheduled parallel loop inside a sequential time loop, a private temporary, an indirect read and
 * a branch. The backward sweep needs the forward sweep's values, so the dynamic schedule is
 * recorded and replayed. */
#include <math.h>

void dynamic_sine(int steps, int n, const int *c, double *x, double *y)
{
    double t;
    for (int s = 0; s < steps; s++) {
#pragma omp parallel for private(t) schedule(dynamic, 3)
        for (int i = 0; i < n; i++) {
            t = sin(x[i]) * x[c[i]];
            if (t > 0.0)
                y[i] = y[i] * 0.5 + exp(0.1 * t);
            else
                y[i] = y[i] * 0.5 - t * t;
        }
#pragma omp parallel for
        for (int i = 0; i < n; i++)
            x[i] = x[i] + 0.01 * sqrt(1.0 + y[i] * y[i]);
    }
}
