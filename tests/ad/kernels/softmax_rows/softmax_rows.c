/* Test kernel for `adrace adjoint` (not a corpus case): a row-wise softmax as a classifier's
 * output layer writes it. Row pointers into flat arrays, one C89 counter for the three passes over
 * a row (maximum, exponentials and their sum, normalisation), a max-shift for stability.
 *   p[r][c] = exp(z[r][c] - m_r) / sum_c' exp(z[r][c'] - m_r),  m_r = max_c z[r][c] */
#include <math.h>

void softmax_rows(int nrow, int ncol, const double *z, double *p)
{
    int r, c;

#pragma omp parallel for private(c) schedule(static)
    for (r = 0; r < nrow; r++) {
        const double *zr = z + (long)r * ncol;
        double *pr = p + (long)r * ncol;
        double m = zr[0], s = 0.0;
        for (c = 1; c < ncol; c++)
            if (zr[c] > m) m = zr[c]; /* the shift: any value works, the largest avoids overflow */
        for (c = 0; c < ncol; c++) {
            pr[c] = exp(zr[c] - m);
            s += pr[c];
        }
        for (c = 0; c < ncol; c++)
            pr[c] /= s;
    }
}
