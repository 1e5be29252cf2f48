/* Driver for the arm_products test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void arm_products(int n, const double *u, double *flux);
void arm_products_b(int n, const double *u, double *u_b, double *flux, double *flux_b);

static int n;
static double *u, *u_b, *flux, *flux_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    flux = HARNESS_DOUBLES(n); flux_b = HARNESS_DOUBLES(n);
    lcg_seed(11);
    lcg_fill(u, n, -1.0, 1.0);
}

static void primal(void) { arm_products(n, u, flux); }
static void adjoint(void) { arm_products_b(n, u, u_b, flux, flux_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "arm_products",
        .size_meaning = "cells",
        .check_size = 3001,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &len}, {"flux", &flux, &flux_b, &len}},
        .nvariants = 1,
        .variants = {{"arm_products", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
