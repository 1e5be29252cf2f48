/* Test kernel for `adrace adjoint` (not a corpus case): value helpers of the same file, as numerical
 * codes factor them out: a `static inline` square, a smoothed absolute value calling it, a
 * three-argument interpolation, a helper reading file-scope coefficients (extern in the
 * adjoint's file, or repeated when static const), and macros expanding to a helper and to fabs. */
#include <math.h>

#define FABS(x) fabs(x)
#define SQUARE(x) sq(x)
#define EPS 1.0e-3 /* smoothing of |x| near 0 */

static inline double sq(double x) { return x * x; }

static inline double smooth_abs(double x, double eps) { return sqrt(sq(x) + eps * eps); }

static double lerp(double a, double b, double t) { return a + t * (b - a); }

/* file-scope coefficients a helper reads, as hotspot's delta does */
const double weight = 0.75;
static const double offset = 0.125;
double gain = 1.5;

static inline double blend(double a, double b) { return weight * a + (1.0 - weight) * b + offset; }

void helper_calls(int n, const double *u, double *v, double *w)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++) {
        double left = lerp(u[i - 1], u[i], 0.25);

        v[i] = SQUARE(left) + smooth_abs(u[i + 1] - u[i], EPS) * FABS(u[i]);
        w[i] += sq(sin(u[i])) + gain * blend(u[i], left);
    }
}
