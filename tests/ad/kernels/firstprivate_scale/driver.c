/* Driver for the firstprivate_scale test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void firstprivate_scale(int n, const double *x, double *y);
void firstprivate_scale_b(int n, const double *x, double *x_b, double *y, double *y_b);

static int n;
static double *x, *x_b, *y, *y_b;
static long x_len, y_len;

static void setup(int size)
{
    n = size;
    x_len = y_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    lcg_seed(5);
    lcg_fill(x, n, -1.0, 1.0);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { firstprivate_scale(n, x, y); }
static void adjoint(void) { firstprivate_scale_b(n, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "firstprivate_scale",
        .size_meaning = "number of loop iterations",
        .check_size = 1000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"firstprivate_scale", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
