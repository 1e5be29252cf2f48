/* Test kernel for `adrace adjoint` (not a corpus case): C89 counters read after their loops
 * (C89 style). A lastprivate(i) counter of a parallel loop holds, after the loop, the
 * value past the last iteration (the first even number >= n here); a sequential loop's counter
 * holds its exit value; the same counters then run other loops (one nested in a sequential loop)
 * and are read after each again. */
#include <math.h>

#define STRIDE 2

void c89_exit_counters(int n, const double *x, double *y, double *out)
{
    int i, k;

#pragma omp parallel for lastprivate(i)
    for (i = 0; i < n; i += STRIDE)
        y[i] = x[i] * x[i];
    /* i is the first multiple of STRIDE at or past n */
    out[0] = y[i - STRIDE] * sin(x[i - STRIDE]);

    for (k = n - 1; k >= n / 2; k--)
        y[k] = y[k] * x[k];
    /* k is n / 2 - 1 */
    out[1] = out[0] * y[k] + x[k + 1];

    /* i again, in a sequential nest: read after the inner loop, in each outer iteration */
    for (k = 0; k < 3; k++) {
        for (i = 1; i < n; i++)
            y[i] = y[i] - 0.25 * y[i - 1] * y[i];
        out[1] = out[1] + y[i - 1] * x[k];
    }

    for (k = 1; k < n; k += 3)
        y[k] = y[k] + y[k - 1] * x[k];
    out[2] = y[k - 3] * y[k - 3];
}
