/* Test kernel for `adrace adjoint` (not a corpus case): a 1-D smoothing filter whose weights come
 * from a static const table, as finite-difference codes keep their stencil coefficients, with C89
 * counters, a half-width macro and a float-free double layout. The table is repeated in the
 * adjoint's file; the taps are a gather.
 *   out[i] = sum_{k=-R..R} w5[k + R] * in[i + k]^2,  R = 2 */
#define R 2

static const double w5[2 * R + 1] = {1.0 / 16, 4.0 / 16, 6.0 / 16, 4.0 / 16, 1.0 / 16}; /* binomial */

void weight_table(int n, const double *in, double *out)
{
    int i, k;

#pragma omp parallel for private(k) schedule(static)
    for (i = R; i < n - R; i++) {
        double s = 0.0;
        for (k = -R; k <= R; k++)
            s += w5[k + R] * in[i + k] * in[i + k];
        out[i] = s;
    }
}
