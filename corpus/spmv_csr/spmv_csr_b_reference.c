/* Hand-written reverse-mode adjoint of spmv_csr (the test oracle).
 *   y[r] = sum                 =>  sum_b = y_b[r];  y_b[r] = 0
 *   sum += val[k] * x[col[k]]  =>  val_b[k] += x[col[k]] * sum_b;  x_b[col[k]] += val[k] * sum_b */

void spmv_csr_b(int nrows, const int *rowptr, const int *col, const double *val, double *val_b,
                const double *x, double *x_b, double *y, double *y_b)
{
    (void)y;
    for (int r = nrows - 1; r >= 0; r--) {
        double sum_b = y_b[r];
        y_b[r] = 0.0;
        for (int k = rowptr[r + 1] - 1; k >= rowptr[r]; k--) {
            val_b[k] += x[col[k]] * sum_b;
            x_b[col[k]] += val[k] * sum_b;
        }
    }
}
