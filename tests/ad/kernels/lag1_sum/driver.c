/* Driver for the lag1_sum test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void lag1_sum(int n, const double *x, double *result);
void lag1_sum_b(int n, const double *x, double *x_b, double *result, double *result_b);

static int n;
static double *x, *x_b, *result, *result_b;
static long x_len, result_len = 1;

static void setup(int size)
{
    n = size;
    x_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(5);
    lcg_fill(x, n, -1.0, 1.0);
    result[0] = 0.5;
}

static void primal(void) { lag1_sum(n, x, result); }
static void adjoint(void) { lag1_sum_b(n, x, x_b, result, result_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "lag1_sum",
        .size_meaning = "signal length",
        .check_size = 3001,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"result", &result, &result_b, &result_len}},
        .nvariants = 1,
        .variants = {{"lag1_sum", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
