/* Driver for the helper_loops test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NPE 4

void helper_loops(int nelem, double w, const int *conn, const double *x, double *energy);
void helper_loops_b(int nelem, double w, double *w_b, const int *conn, const double *x, double *x_b, double *energy,
                    double *energy_b);

static int nelem, *conn;
static double *w, *w_b, *x, *x_b, *energy, *energy_b;
static long elements, nodes, one = 1;

static void setup(int size)
{
    long e;
    int a;

    nelem = size;
    elements = nelem;
    nodes = (long)nelem + 3;
    w = HARNESS_DOUBLES(1); w_b = HARNESS_DOUBLES(1);
    x = HARNESS_DOUBLES(nodes); x_b = HARNESS_DOUBLES(nodes);
    energy = HARNESS_DOUBLES(elements); energy_b = HARNESS_DOUBLES(elements);
    conn = (int *)malloc(sizeof(int) * NPE * (size_t)nelem);
    for (e = 0; e < nelem; e++)
        for (a = 0; a < NPE; a++) conn[NPE * e + a] = (int)e + a; /* neighbours share nodes */
    lcg_seed(47);
    lcg_fill(x, nodes, -0.5, 0.5);
    w[0] = 0.7;
}

static void primal(void) { helper_loops(nelem, w[0], conn, x, energy); }
static void adjoint(void) { helper_loops_b(nelem, w[0], w_b, conn, x, x_b, energy, energy_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "helper_loops",
        .size_meaning = "number of elements",
        .check_size = 1000,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &one}, {"x", &x, &x_b, &nodes}, {"energy", &energy, &energy_b, &elements}},
        .nvariants = 1,
        .variants = {{"helper_loops", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
