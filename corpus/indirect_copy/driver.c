/* Driver for indirect_copy: gradient check and timing (see ../common/harness.h). */
#include "../common/harness.h"

void indirect_copy(int n, const int *c, const double *x, double *y);
void indirect_copy_b(int n, const int *c, const double *x, double *x_b, double *y, double *y_b);

static int n;
static int *c;
static double *x, *x_b, *y, *y_b;
static long x_len, y_len;

static void setup(int size)
{
    n = size;
    x_len = n + 7;
    y_len = n;
    c = HARNESS_INTS(n);
    x = HARNESS_DOUBLES(x_len); x_b = HARNESS_DOUBLES(x_len);
    y = HARNESS_DOUBLES(y_len); y_b = HARNESS_DOUBLES(y_len);
    lcg_seed(1);
    lcg_permutation(c, n); /* injective: the writes y[c[i]] are disjoint */
    lcg_fill(x, x_len, -1.0, 1.0);
    lcg_fill(y, y_len, -1.0, 1.0);
}

static void primal(void) { indirect_copy(n, c, x, y); }
static void adjoint(void) { indirect_copy_b(n, c, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "indirect_copy",
        .size_meaning = "number of loop iterations (elements copied)",
        .check_size = 5000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"indirect_copy", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
