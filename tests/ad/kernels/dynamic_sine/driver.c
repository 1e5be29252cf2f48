/* Driver for the dynamic_sine test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void dynamic_sine(int steps, int n, const int *c, double *x, double *y);
void dynamic_sine_b(int steps, int n, const int *c, double *x, double *x_b, double *y, double *y_b);

static int n, steps = 3;
static int *c;
static double *x, *x_b, *y, *y_b;
static long x_len, y_len;

static void setup(int size)
{
    n = size;
    x_len = y_len = n;
    c = HARNESS_INTS(n);
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    lcg_seed(7);
    for (int k = 0; k < n; k++) c[k] = lcg_int(n); /* repeated reads: x_b[c[i]] needs a guard */
    lcg_fill(x, n, -1.0, 1.0);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { dynamic_sine(steps, n, c, x, y); }
static void adjoint(void) { dynamic_sine_b(steps, n, c, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "dynamic_sine",
        .size_meaning = "number of loop iterations",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"dynamic_sine", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
