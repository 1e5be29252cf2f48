/* Driver for the converged_sweep test kernel (see corpus/common/harness.h): u, f and unew active;
 * the change the sweep reports is a passive output. */
#include "../../../../corpus/common/harness.h"

int converged_sweep(int n, double h2, const double *u, const double *f, double *unew, double *change);
int converged_sweep_b(int n, double h2, const double *u, double *u_b, const double *f, double *f_b, double *unew,
                      double *unew_b, double *change);

static int n;
static double *u, *u_b, *f, *f_b, *unew, *unew_b, change;
static long len;
static const double h2 = 1e-4;

static void setup(int size)
{
    n = size;
    len = n;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    f = HARNESS_DOUBLES(len); f_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(53);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(f, len, -10.0, 10.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { converged_sweep(n, h2, u, f, unew, &change); }
static void adjoint(void) { converged_sweep_b(n, h2, u, u_b, f, f_b, unew, unew_b, &change); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "converged_sweep",
        .size_meaning = "grid points",
        .check_size = 301,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_b, &len}, {"f", &f, &f_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"converged_sweep", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
