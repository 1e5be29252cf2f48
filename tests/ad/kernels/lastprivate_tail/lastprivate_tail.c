/* Test kernel for `adrace adjoint` (not a corpus case): a lastprivate scalar ([TOMS-AD] figure 10)
 * whose value after the loop, from the sequentially last iteration, is used nonlinearly. */
#include <math.h>

void lastprivate_tail(int n, const double *x, double *y, double *out)
{
    double v = 0.0;
#pragma omp parallel for lastprivate(v)
    for (int i = 0; i < n; i++) {
        v = x[i] * x[i];
        y[i] = sin(v);
    }
    out[0] = v * v * 3.0;
}
