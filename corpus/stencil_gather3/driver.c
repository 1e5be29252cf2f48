/* Driver for stencil_gather3: gradient check and timing (see ../common/harness.h). */
#include "../common/harness.h"

void stencil_gather3(int n, double a, double b, double c, const double *uold, double *unew);
void stencil_gather3_b(int n, double a, double b, double c, const double *uold, double *uold_b, double *unew,
                       double *unew_b);

static const double a = 0.25, b = 0.5, c = 0.25;
static int n;
static double *uold, *uold_b, *unew, *unew_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    uold = HARNESS_DOUBLES(len); uold_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(7);
    lcg_fill(uold, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { stencil_gather3(n, a, b, c, uold, unew); }
static void adjoint(void) { stencil_gather3_b(n, a, b, c, uold, uold_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "stencil_gather3",
        .size_meaning = "grid points",
        .check_size = 5000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"uold", &uold, &uold_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"stencil_gather3", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
