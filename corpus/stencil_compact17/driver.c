/* Driver for stencil_compact17: gradient check and timing (see ../common/harness.h).
 * unew is incremented in place (in and out); uold is only read; the 17 weights are passive. */
#include "../common/harness.h"

void stencil_compact17(int n, const double *w, const double *uold, double *unew);
void stencil_compact17_b(int n, const double *w, const double *uold, double *uold_b, double *unew,
                         double *unew_b);

static double w[17];
static int n;
static double *uold, *uold_b, *unew, *unew_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    uold = HARNESS_DOUBLES(len); uold_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(9);
    lcg_fill(w, 17, -0.1, 0.1);
    lcg_fill(uold, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { stencil_compact17(n, w, uold, unew); }
static void adjoint(void) { stencil_compact17_b(n, w, uold, uold_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "stencil_compact17",
        .size_meaning = "grid points",
        .check_size = 5000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"uold", &uold, &uold_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"stencil_compact17", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
