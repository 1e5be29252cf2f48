/* Driver for the orphaned_smooth test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void orphaned_smooth(int n, double relax, const double *u, double *tmp, double *v);
void orphaned_smooth_b(int n, double relax, double *relax_b, const double *u, double *u_b, double *tmp,
                       double *tmp_b, double *v, double *v_b);

static int n;
static double *relax, *relax_b, *u, *u_b, *tmp, *tmp_b, *v, *v_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    relax = HARNESS_DOUBLES(1); relax_b = HARNESS_DOUBLES(1);
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    tmp = HARNESS_DOUBLES(n); tmp_b = HARNESS_DOUBLES(n);
    v = HARNESS_DOUBLES(n); v_b = HARNESS_DOUBLES(n);
    lcg_seed(23);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(tmp, n, -1.0, 1.0);
    lcg_fill(v, n, -1.0, 1.0);
    relax[0] = 0.8;
}

static void primal(void) { orphaned_smooth(n, relax[0], u, tmp, v); }
static void adjoint(void) { orphaned_smooth_b(n, relax[0], relax_b, u, u_b, tmp, tmp_b, v, v_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "orphaned_smooth",
        .size_meaning = "cells",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"relax", &relax, &relax_b, &one}, {"u", &u, &u_b, &n_len}, {"tmp", &tmp, &tmp_b, &n_len},
                   {"v", &v, &v_b, &n_len}},
        .nvariants = 1,
        .variants = {{"smooth", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
