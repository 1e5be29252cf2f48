/* Driver for the smooth_nonlinear test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void smooth_nonlinear(int n, double r, double s, const double *u, double *v);
void smooth_nonlinear_b(int n, double r, double s, const double *u, double *u_b, double *v, double *v_b);

static int n;
static double *u, *u_b, *v, *v_b;
static long u_len, v_len;

static void setup(int size)
{
    n = size;
    u_len = v_len = n;
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    v = HARNESS_DOUBLES(n); v_b = HARNESS_DOUBLES(n);
    lcg_seed(11);
    lcg_fill(u, n, -1.0, 1.0);
    lcg_fill(v, n, -1.0, 1.0);
}

static void primal(void) { smooth_nonlinear(n, 0.3, 0.2, u, v); }
static void adjoint(void) { smooth_nonlinear_b(n, 0.3, 0.2, u, u_b, v, v_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "smooth_nonlinear",
        .size_meaning = "number of points",
        .check_size = 2003,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &u_len}, {"v", &v, &v_b, &v_len}},
        .nvariants = 1,
        .variants = {{"smooth_nonlinear", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
