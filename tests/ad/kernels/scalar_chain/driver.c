/* Driver for the scalar_chain test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void scalar_chain(int n, double a, const double *x, double *y, double *s);
void scalar_chain_b(int n, double a, double *a_b, const double *x, double *x_b, double *y, double *y_b, double *s,
                    double *s_b);

static int n;
static double *a, *a_b, *x, *x_b, *y, *y_b, *s, *s_b;
static long a_len = 1, x_len, y_len, s_len = 1;

static void setup(int size)
{
    n = size;
    x_len = y_len = n;
    a = HARNESS_DOUBLES(1); a_b = HARNESS_DOUBLES(1);
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    s = HARNESS_DOUBLES(1); s_b = HARNESS_DOUBLES(1);
    lcg_seed(11);
    a[0] = 0.7;
    lcg_fill(x, n, -0.4, 0.4);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { scalar_chain(n, a[0], x, y, s); }
static void adjoint(void) { scalar_chain_b(n, a[0], a_b, x, x_b, y, y_b, s, s_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "scalar_chain",
        .size_meaning = "number of loop iterations",
        .check_size = 1000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"a", &a, &a_b, &a_len}, {"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}, {"s", &s, &s_b, &s_len}},
        .nvariants = 1,
        .variants = {{"scalar_chain", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
