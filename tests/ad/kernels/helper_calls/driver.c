/* Driver for the helper_calls test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void helper_calls(int n, const double *u, double *v, double *w);
void helper_calls_b(int n, const double *u, double *u_b, double *v, double *v_b, double *w, double *w_b);

static int n;
static double *u, *u_b, *v, *v_b, *w, *w_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    v = HARNESS_DOUBLES(len); v_b = HARNESS_DOUBLES(len);
    w = HARNESS_DOUBLES(len); w_b = HARNESS_DOUBLES(len);
    lcg_seed(41);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(w, len, -1.0, 1.0);
}

static void primal(void) { helper_calls(n, u, v, w); }
static void adjoint(void) { helper_calls_b(n, u, u_b, v, v_b, w, w_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "helper_calls",
        .size_meaning = "number of points",
        .check_size = 1000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_b, &len}, {"v", &v, &v_b, &len}, {"w", &w, &w_b, &len}},
        .nvariants = 1,
        .variants = {{"helper_calls", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
