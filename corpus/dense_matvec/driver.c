/* Driver for dense_matvec: gradient check and timing (see ../common/harness.h). */
#include "../common/harness.h"

void dense_matvec(int n, int m, const double A[n][m], const double *x, double *y);
void dense_matvec_b(int n, int m, const double A[n][m], double A_b[n][m], const double *x, double *x_b,
                    double *y, double *y_b);

static int n, m;
static double *A, *A_b, *x, *x_b, *y, *y_b; /* A is n x m, row-major */
static long A_len, x_len, y_len;

static void setup(int size)
{
    n = size;
    m = size + 3;
    A_len = (long)n * m;
    x_len = m;
    y_len = n;
    A = HARNESS_DOUBLES(A_len); A_b = HARNESS_DOUBLES(A_len);
    x = HARNESS_DOUBLES(x_len); x_b = HARNESS_DOUBLES(x_len);
    y = HARNESS_DOUBLES(y_len); y_b = HARNESS_DOUBLES(y_len);
    lcg_seed(5);
    lcg_fill(A, A_len, -1.0, 1.0);
    lcg_fill(x, x_len, -1.0, 1.0);
    lcg_fill(y, y_len, -1.0, 1.0);
}

static void primal(void) { dense_matvec(n, m, (const double(*)[m])A, x, y); }
static void adjoint(void)
{
    dense_matvec_b(n, m, (const double(*)[m])A, (double(*)[m])A_b, x, x_b, y, y_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "dense_matvec",
        .size_meaning = "rows n of A (A is n x (n+3))",
        .check_size = 60,
        .time_size = 4000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"A", &A, &A_b, &A_len}, {"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"dense_matvec", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
