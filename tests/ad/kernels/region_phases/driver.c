/* Driver for the region_phases test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void region_phases(int n, const double *u, double *flux, double *scale, double *unew);
void region_phases_b(int n, const double *u, double *u_b, double *flux, double *flux_b, double *scale,
                     double *scale_b, double *unew, double *unew_b);

static int n;
static double *u, *u_b, *flux, *flux_b, *scale, *scale_b, *unew, *unew_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    flux = HARNESS_DOUBLES(n); flux_b = HARNESS_DOUBLES(n);
    unew = HARNESS_DOUBLES(n); unew_b = HARNESS_DOUBLES(n);
    scale = HARNESS_DOUBLES(1); scale_b = HARNESS_DOUBLES(1);
    lcg_seed(11);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(flux, n, -1.0, 1.0);
    lcg_fill(unew, n, -1.0, 1.0);
    scale[0] = 0.5;
}

static void primal(void) { region_phases(n, u, flux, scale, unew); }
static void adjoint(void) { region_phases_b(n, u, u_b, flux, flux_b, scale, scale_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "region_phases",
        .size_meaning = "grid cells",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"u", &u, &u_b, &n_len}, {"flux", &flux, &flux_b, &n_len}, {"scale", &scale, &scale_b, &one},
                   {"unew", &unew, &unew_b, &n_len}},
        .nvariants = 1,
        .variants = {{"region_phases", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
