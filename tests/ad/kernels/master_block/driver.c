/* Driver for the master_block test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void master_block(int n, double *u, double *edge);
void master_block_b(int n, double *u, double *u_b, double *edge, double *edge_b);

static int n;
static double *u, *u_b, *edge, *edge_b;
static long u_len, edge_len = 2;

static void setup(int size)
{
    n = size;
    u_len = n;
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    edge = HARNESS_DOUBLES(2); edge_b = HARNESS_DOUBLES(2);
    lcg_seed(5);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(edge, 2, 0.5, 1.5);
}

static void primal(void) { master_block(n, u, edge); }
static void adjoint(void) { master_block_b(n, u, u_b, edge, edge_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "master_block",
        .size_meaning = "number of loop iterations",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &u_len}, {"edge", &edge, &edge_b, &edge_len}},
        .nvariants = 1,
        .variants = {{"master_block", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
