/* Test kernel for `adrace adjoint` (not a corpus case): the float forms of the math library, as
 * single-precision signal and graphics codes call them, with a `?:` in float; the derivatives must be
 * computed in float too (sinf's with cosf). The inputs lie in (0.1, 0.9), where the piecewise
 * constant terms (floorf ceilf roundf truncf) do not jump and copysignf's sign source keeps its sign. */
#include <math.h>

void math_float(int n, const float *x, const float *y, float *f)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        float s = x[i] > y[i] ? x[i] * y[i] : y[i] * y[i]; /* continuous where x == y */
        float smooth = sinf(x[i]) * cosf(y[i]) + tanf(0.3f * x[i]) + expf(-0.5f * y[i] * y[i]) + logf(2.0f + x[i]) +
                       sqrtf(1.0f + y[i] * y[i]) + powf(1.5f + x[i], 1.3f) + tanhf(s);
        float rest = fabsf(x[i] - y[i]) + fminf(x[i], y[i]) + fmaxf(s, 0.1f) + cbrtf(2.0f + y[i]) + atanf(x[i]) +
                     atan2f(y[i], 1.0f + x[i] * x[i]) + hypotf(x[i], 1.0f) + erff(y[i]) + log10f(3.0f + x[i]) +
                     log1pf(y[i] * y[i]) + expm1f(0.2f * x[i]) + copysignf(x[i], y[i] - 1.0f);

        f[i] = smooth * rest + (floorf(y[i]) + ceilf(x[i]) + roundf(0.5f * y[i]) + truncf(x[i] + 1.0f)) * s;
    }
}
