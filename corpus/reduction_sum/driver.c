/* Driver for reduction_sum: gradient check and timing (see ../common/harness.h). */
#include "../common/harness.h"

void reduction_sum(int n, const double *x, double *result);
void reduction_sum_b(int n, const double *x, double *x_b, double *result, double *result_b);

static int n;
static double *x, *x_b, *result, *result_b;
static long x_len, result_len = 1;

static void setup(int size)
{
    n = size;
    x_len = n;
    x = HARNESS_DOUBLES(x_len); x_b = HARNESS_DOUBLES(x_len);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(4);
    lcg_fill(x, x_len, -1.0, 1.0);
}

static void primal(void) { reduction_sum(n, x, result); }
static void adjoint(void) { reduction_sum_b(n, x, x_b, result, result_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "reduction_sum",
        .size_meaning = "number of elements summed",
        .check_size = 5000,
        .time_size = 10000000,
        .h = 1e-4, /* the primal is quadratic: central differences are exact for any h */
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"result", &result, &result_b, &result_len}},
        .nvariants = 1,
        .variants = {{"reduction_sum", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
