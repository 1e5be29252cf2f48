/* Test kernel for `adrace adjoint` (not a corpus case): an active scalar passed by value and a
 * shared local scalar read by every iteration of a parallel loop (their adjoints need a reduction),
 * compound assignments, the call rules (tan cos log pow fmin fmax fabs tanh), a conditional
 * expression, an `omp for` inside `omp parallel`, and a sequential scalar recurrence. */
#include <math.h>

void scalar_chain(int n, double a, const double *x, double *y, double *s)
{
    double w = a * a + 1.0;
    w /= 1.0 + fabs(a);
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < n; i++) {
            double v = x[i] * w + a;
            v *= 0.5 + 0.25 * cos(x[i]);
            y[i] = fmin(v, 2.0) + tan(0.3 * x[i]) * log(1.5 + x[i]) + pow(1.2 + v * v, 0.75);
            y[i] -= v > 0.0 ? tanh(v) : fmax(v, -0.5);
        }
    }
    double acc = 0.0;
    for (int i = 0; i < n; i++)
        acc = acc * 0.9 + y[i] * y[i];
    s[0] = acc;
}
