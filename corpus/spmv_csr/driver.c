/* Driver for spmv_csr: gradient check and timing (see ../common/harness.h).
 * The matrix: nrows x nrows, 1 to 16 nonzeros per row at random columns (a row may repeat a column),
 * rowptr monotone as CSR requires. */
#include "../common/harness.h"

void spmv_csr(int nrows, const int *rowptr, const int *col, const double *val, const double *x, double *y);
void spmv_csr_b(int nrows, const int *rowptr, const int *col, const double *val, double *val_b,
                const double *x, double *x_b, double *y, double *y_b);

static int nrows;
static int *rowptr, *col;
static double *val, *val_b, *x, *x_b, *y, *y_b;
static long val_len, x_len, y_len;

static void setup(int size)
{
    nrows = size;
    rowptr = HARNESS_INTS(nrows + 1);
    lcg_seed(6);
    rowptr[0] = 0;
    for (int r = 0; r < nrows; r++) rowptr[r + 1] = rowptr[r] + 1 + lcg_int(16);
    val_len = rowptr[nrows];
    x_len = nrows;
    y_len = nrows;
    col = HARNESS_INTS(val_len);
    for (long k = 0; k < val_len; k++) col[k] = lcg_int(nrows);
    val = HARNESS_DOUBLES(val_len); val_b = HARNESS_DOUBLES(val_len);
    x = HARNESS_DOUBLES(x_len); x_b = HARNESS_DOUBLES(x_len);
    y = HARNESS_DOUBLES(y_len); y_b = HARNESS_DOUBLES(y_len);
    lcg_fill(val, val_len, -1.0, 1.0);
    lcg_fill(x, x_len, -1.0, 1.0);
    lcg_fill(y, y_len, -1.0, 1.0);
}

static void primal(void) { spmv_csr(nrows, rowptr, col, val, x, y); }
static void adjoint(void) { spmv_csr_b(nrows, rowptr, col, val, val_b, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "spmv_csr",
        .size_meaning = "rows of the square matrix (8.5 nonzeros per row on average)",
        .check_size = 500,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"val", &val, &val_b, &val_len}, {"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"spmv_csr", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
