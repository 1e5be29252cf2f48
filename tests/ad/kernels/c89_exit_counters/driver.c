/* Driver for the c89_exit_counters test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void c89_exit_counters(int n, const double *x, double *y, double *out);
void c89_exit_counters_b(int n, const double *x, double *x_b, double *y, double *y_b, double *out, double *out_b);

static int n;
static double *x, *x_b, *y, *y_b, *out, *out_b;
static long x_len, y_len, out_len = 3;

static void setup(int size)
{
    n = size;
    x_len = y_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    out = HARNESS_DOUBLES(out_len); out_b = HARNESS_DOUBLES(out_len);
    lcg_seed(89);
    lcg_fill(x, n, -1.0, 1.0);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { c89_exit_counters(n, x, y, out); }
static void adjoint(void) { c89_exit_counters_b(n, x, x_b, y, y_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "c89_exit_counters",
        .size_meaning = "number of loop iterations",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}, {"out", &out, &out_b, &out_len}},
        .nvariants = 1,
        .variants = {{"c89_exit_counters", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
