/* Driver for the sparse_rows test kernel (see corpus/common/harness.h): a random matrix of 1 to 7
 * entries per row, kept as row pointers into one block; both calls must return status 0. */
#include "../../../../corpus/common/harness.h"

typedef struct {
    int local_nrow;
    int *nnz_in_row;
    double **ptr_to_vals_in_row;
    int **ptr_to_inds_in_row;
} Sparse_Matrix;

int sparse_rows(Sparse_Matrix *A, const double *const x, double *const y);
int sparse_rows_b(Sparse_Matrix *A, const double *const x, double *x_b, double *const y, double *y_b);

static Sparse_Matrix A;
static double *x, *x_b, *y, *y_b;
static long len;

static void expect_ok(int status, const char *who)
{
    if (status != 0) {
        fprintf(stderr, "%s returned status %d, not 0\n", who, status);
        exit(1);
    }
}

static void setup(int size)
{
    len = size;
    A.local_nrow = size;
    A.nnz_in_row = HARNESS_INTS(size);
    A.ptr_to_vals_in_row = (double **)malloc((size_t)size * sizeof(double *));
    A.ptr_to_inds_in_row = (int **)malloc((size_t)size * sizeof(int *));
    double *vals = HARNESS_DOUBLES(7L * size);
    int *inds = HARNESS_INTS(7L * size);
    lcg_seed(11);
    lcg_fill(vals, 7L * size, -1.0, 1.0);
    for (long k = 0; k < 7L * size; k++) inds[k] = lcg_int(size); /* shared columns: x_b needs a guard */
    for (int i = 0; i < size; i++) {
        A.nnz_in_row[i] = 1 + lcg_int(7);
        A.ptr_to_vals_in_row[i] = vals + 7L * i;
        A.ptr_to_inds_in_row[i] = inds + 7L * i;
    }
    x = HARNESS_DOUBLES(size); x_b = HARNESS_DOUBLES(size);
    y = HARNESS_DOUBLES(size); y_b = HARNESS_DOUBLES(size);
    lcg_fill(x, size, -1.0, 1.0);
    lcg_fill(y, size, -1.0, 1.0);
}

static void primal(void) { expect_ok(sparse_rows(&A, x, y), "sparse_rows"); }
static void adjoint(void) { expect_ok(sparse_rows_b(&A, x, x_b, y, y_b), "sparse_rows_b"); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "sparse_rows",
        .size_meaning = "rows (1 to 7 entries each)",
        .check_size = 500,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}},
        .nvariants = 1,
        .variants = {{"sparse_rows", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
