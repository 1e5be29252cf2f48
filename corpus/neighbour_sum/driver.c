/* Driver for neighbour_sum: gradient check and timing (see ../common/harness.h).
 * The function returns its value; the harness sees it as a 1-element output array `result`: the
 * primal call stores the returned value there, the adjoint call passes that array's adjoint as the
 * result's adjoint (the by-value parameter at the end of neighbour_sum_b) and then consumes it, as
 * for any output. */
#include "../common/harness.h"

double neighbour_sum(int n, const double *x);
void neighbour_sum_b(int n, const double *x, double *x_b, double result_b);

static int n;
static double *x, *x_b, *result, *result_b;
static long len, result_len = 1;

static void setup(int size)
{
    n = size;
    len = n;
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(5);
    lcg_fill(x, len, -1.0, 1.0);
}

static void primal(void) { *result = neighbour_sum(n, x); }
static void adjoint(void)
{
    neighbour_sum_b(n, x, x_b, *result_b);
    *result_b = 0.0;
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "neighbour_sum",
        .size_meaning = "signal length",
        .check_size = 5000,
        .time_size = 10000000,
        .h = 1e-4, /* the primal is quadratic: central differences are exact up to rounding */
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &len}, {"result", &result, &result_b, &result_len}},
        .nvariants = 1,
        .variants = {{"neighbour_sum", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
