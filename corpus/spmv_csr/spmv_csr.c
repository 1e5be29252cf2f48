/* Sparse matrix-vector product y = A x with A in CSR form (rowptr, col, val), one row per iteration. */

void spmv_csr(int nrows, const int *rowptr, const int *col, const double *val, const double *x, double *y)
{
#pragma omp parallel for
    for (int r = 0; r < nrows; r++) {
        double sum = 0.0;
        for (int k = rowptr[r]; k < rowptr[r + 1]; k++)
            sum += val[k] * x[col[k]];
        y[r] = sum;
    }
}
