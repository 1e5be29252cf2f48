/* Driver for the value_helpers test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

typedef struct Spring {
    double stiffness;
    double rest;
} Spring;

void value_helpers(int n, const Spring *springs, const double *x, double *y);
void value_helpers_b(int n, const Spring *springs, const double *x, double *x_b, double *y, double *y_b);

static int n;
static Spring *springs;
static double *x, *x_b, *y, *y_b;
static long nodes, elements;

static void setup(int size)
{
    long i;

    n = size;
    elements = n;
    nodes = (long)n + 1;
    x = HARNESS_DOUBLES(nodes); x_b = HARNESS_DOUBLES(nodes);
    y = HARNESS_DOUBLES(elements); y_b = HARNESS_DOUBLES(elements);
    springs = (Spring *)malloc(sizeof(Spring) * (size_t)n);
    lcg_seed(53);
    lcg_fill(x, nodes, -1.0, 1.0);
    for (i = 0; i < n; i++) {
        springs[i].stiffness = lcg_uniform(1.0, 1.5);
        springs[i].rest = lcg_uniform(0.0, 0.25);
    }
}

static void primal(void) { value_helpers(n, springs, x, y); }
static void adjoint(void) { value_helpers_b(n, springs, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "value_helpers",
        .size_meaning = "number of springs",
        .check_size = 1000,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &nodes}, {"y", &y, &y_b, &elements}},
        .nvariants = 1,
        .variants = {{"value_helpers", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
