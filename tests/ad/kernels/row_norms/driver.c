/* Driver for the row_norms test kernel (see corpus/common/harness.h). Float data: the step is 1e-3
 * (a smaller one drowns in float rounding) and the tolerance 1e-3 (the central difference's
 * truncation and float rounding; a wrong rule for any term is off by far more). */
#include "../../../../corpus/common/harness.h"

#define NCOLS 37

void row_norms(int nrows, int ncols, const float *x, float *y, float *norms);
void row_norms_b(int nrows, int ncols, const float *x, float *x_b, float *y, float *y_b, float *norms, float *norms_b);

static int nrows;
static float *x, *x_b, *y, *y_b, *norms, *norms_b;
static long cells, rows;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    nrows = size;
    rows = nrows;
    cells = (long)nrows * NCOLS;
    x = floats(cells); x_b = floats(cells);
    y = floats(cells); y_b = floats(cells);
    norms = floats(rows); norms_b = floats(rows);
    lcg_seed(47);
    for (long e = 0; e < cells; e++) x[e] = (float)lcg_uniform(-1.0, 1.0);
}

static void primal(void) { row_norms(nrows, NCOLS, x, y, norms); }
static void adjoint(void) { row_norms_b(nrows, NCOLS, x, x_b, y, y_b, norms, norms_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "row_norms",
        .size_meaning = "number of rows (of 37 columns)",
        .check_size = 60,
        .time_size = 200000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"x", NULL, NULL, &cells}, {"y", NULL, NULL, &cells}, {"norms", NULL, NULL, &rows}},
        .nvariants = 1,
        .variants = {{"row_norms", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &x, .adjoint_f = &x_b}, {.value_f = &y, .adjoint_f = &y_b}, {.value_f = &norms, .adjoint_f = &norms_b}},
    };
    return harness_main(argc, argv, &kernel);
}
