/* Test kernel for `adrace adjoint` (not a corpus case): the double math library beyond the basic
 * rules, as geometry and statistics codes call it (cbrt atan atan2 hypot erf log10 log1p expm1
 * copysign), and the piecewise constant floor ceil round trunc, whose derivative is zero. The inputs
 * lie in (0.1, 0.9), where the piecewise constant terms do not jump. */
#include <math.h>

void math_double(int n, const double *x, const double *y, double *f, double *g)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double r = hypot(x[i], y[i]); /* distance from the origin */
        double level = floor(x[i]) + ceil(y[i]) + round(0.5 * x[i] * y[i]) + trunc(y[i] + 1.0);

        f[i] = cbrt(1.5 + x[i]) * atan(y[i]) + atan2(y[i], x[i]) + erf(0.5 * x[i] - y[i]) + log10(1.0 + r) +
               level * x[i];
        g[i] = log1p(x[i] * x[i]) - expm1(-fabs(y[i])) + copysign(x[i] * y[i], y[i] - 1.0);
    }
}
