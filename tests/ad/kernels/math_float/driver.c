/* Driver for the math_float test kernel (see corpus/common/harness.h). Float data: the step is
 * 1e-3 (a smaller one drowns in float rounding) and the tolerance 1e-3 (the central difference's
 * truncation and float rounding; a wrong rule for any term is off by far more). */
#include "../../../../corpus/common/harness.h"

void math_float(int n, const float *x, const float *y, float *f);
void math_float_b(int n, const float *x, float *x_b, const float *y, float *y_b, float *f, float *f_b);

static int n;
static float *x, *x_b, *y, *y_b, *f, *f_b;
static long len;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    n = size;
    len = n;
    x = floats(len); x_b = floats(len);
    y = floats(len); y_b = floats(len);
    f = floats(len); f_b = floats(len);
    lcg_seed(31);
    for (long e = 0; e < len; e++) {
        x[e] = (float)lcg_uniform(0.1, 0.9);
        y[e] = (float)lcg_uniform(0.1, 0.9);
    }
}

static void primal(void) { math_float(n, x, y, f); }
static void adjoint(void) { math_float_b(n, x, x_b, y, y_b, f, f_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "math_float",
        .size_meaning = "number of points",
        .check_size = 1000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"x", NULL, NULL, &len}, {"y", NULL, NULL, &len}, {"f", NULL, NULL, &len}},
        .nvariants = 1,
        .variants = {{"math_float", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &x, .adjoint_f = &x_b}, {.value_f = &y, .adjoint_f = &y_b}, {.value_f = &f, .adjoint_f = &f_b}},
    };
    return harness_main(argc, argv, &kernel);
}
