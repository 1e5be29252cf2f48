/* Driver for the math_double test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void math_double(int n, const double *x, const double *y, double *f, double *g);
void math_double_b(int n, const double *x, double *x_b, const double *y, double *y_b, double *f, double *f_b, double *g,
                   double *g_b);

static int n;
static double *x, *x_b, *y, *y_b, *f, *f_b, *g, *g_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    y = HARNESS_DOUBLES(len); y_b = HARNESS_DOUBLES(len);
    f = HARNESS_DOUBLES(len); f_b = HARNESS_DOUBLES(len);
    g = HARNESS_DOUBLES(len); g_b = HARNESS_DOUBLES(len);
    lcg_seed(29);
    lcg_fill(x, len, 0.1, 0.9);
    lcg_fill(y, len, 0.1, 0.9);
}

static void primal(void) { math_double(n, x, y, f, g); }
static void adjoint(void) { math_double_b(n, x, x_b, y, y_b, f, f_b, g, g_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "math_double",
        .size_meaning = "number of points",
        .check_size = 1000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}, {"f", &f, &f_b, &len}, {"g", &g, &g_b, &len}},
        .nvariants = 1,
        .variants = {{"math_double", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
