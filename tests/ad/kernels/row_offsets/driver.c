/* Driver for the row_offsets test kernel (see corpus/common/harness.h): an N x (N+3) grid (the two
 * extents differ, so a row offset taken for a column one shows); kappa in [0.01, 0.2]. */
#include "../../../../corpus/common/harness.h"

void row_offsets(int ny, int nx, const double *kappa, const double *u, double *unew);
void row_offsets_b(int ny, int nx, const double *kappa, double *kappa_b, const double *u, double *u_b, double *unew,
                   double *unew_b);

static int ny, nx;
static double *kappa, *kappa_b, *u, *u_b, *unew, *unew_b;
static long len;

static void setup(int size)
{
    ny = size;
    nx = size + 3;
    len = (long)ny * nx;
    kappa = HARNESS_DOUBLES(len); kappa_b = HARNESS_DOUBLES(len);
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(11);
    lcg_fill(kappa, len, 0.01, 0.2);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { row_offsets(ny, nx, kappa, u, unew); }
static void adjoint(void) { row_offsets_b(ny, nx, kappa, kappa_b, u, u_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "row_offsets",
        .size_meaning = "grid rows (N x (N+3) points)",
        .check_size = 23,
        .time_size = 1500,
        .h = 1e-4, /* bilinear in (kappa, u): central differences are exact up to rounding */
        .setup = setup,
        .narrays = 3,
        .arrays = {{"kappa", &kappa, &kappa_b, &len}, {"u", &u, &u_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"row_offsets", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
