/* Driver for the chunk_expressions test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void chunk_expressions(int n, int chunk, float w, const double *x, double *y);
void chunk_expressions_b(int n, int chunk, float w, const double *x, double *x_b, double *y, double *y_b);

static int n, chunk = 3;
static float w = 1.5f;
static double *x, *x_b, *y, *y_b;
static long x_len, y_len;

static void setup(int size)
{
    n = size;
    x_len = y_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    y = HARNESS_DOUBLES(n); y_b = HARNESS_DOUBLES(n);
    lcg_seed(11);
    lcg_fill(x, n, -1.0, 1.0);
    lcg_fill(y, n, -1.0, 1.0);
}

static void primal(void) { chunk_expressions(n, chunk, w, x, y); }
static void adjoint(void) { chunk_expressions_b(n, chunk, w, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "chunk_expressions",
        .size_meaning = "number of loop iterations",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &x_len}, {"y", &y, &y_b, &y_len}},
        .nvariants = 1,
        .variants = {{"chunk_expressions", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
