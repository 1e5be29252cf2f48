/* Row normalisation of a feature matrix in float, as preprocessing codes write it: rows in parallel,
 * the columns of a row in vector lanes with `omp simd`, the row's sum of squares a simd reduction,
 * a small epsilon keeping the square root away from zero. */
#include <math.h>

#define NORM_EPS 1e-6f

void row_norms(int nrows, int ncols, const float *x, float *y, float *norms)
{
    int i;

#pragma omp parallel for schedule(static)
    for (i = 0; i < nrows; i++) {
        const float *row = x + (long)i * ncols;
        float s = 0.0f;
        int j;
#pragma omp simd reduction(+: s)
        for (j = 0; j < ncols; j++)
            s += row[j] * row[j];
        norms[i] = sqrtf(s + NORM_EPS);
#pragma omp simd
        for (j = 0; j < ncols; j++)
            y[(long)i * ncols + j] = row[j] / norms[i];
    }
}
