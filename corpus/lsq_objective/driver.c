/* Driver for lsq_objective: gradient check and timing (see ../common/harness.h). The returned
 * objective is the 1-element output array `result`: the primal call stores it, the adjoint call
 * passes result_b[0] as the result's adjoint and consumes it. */
#include "../common/harness.h"

double lsq_objective(int n, const double *u, const double *d);
void lsq_objective_b(int n, const double *u, double *u_b, const double *d, double *d_b, double result_b);

static int n;
static double *u, *u_b, *d, *d_b, *result, *result_b;
static long len, one = 1;

static void setup(int size)
{
    n = size;
    len = n;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    d = HARNESS_DOUBLES(len); d_b = HARNESS_DOUBLES(len);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(17);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(d, len, -1.0, 1.0);
}

static void primal(void) { result[0] = lsq_objective(n, u, d); }

static void adjoint(void)
{
    lsq_objective_b(n, u, u_b, d, d_b, result_b[0]);
    result_b[0] = 0.0;
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "lsq_objective",
        .size_meaning = "grid points",
        .check_size = 5000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_b, &len}, {"d", &d, &d_b, &len}, {"result", &result, &result_b, &one}},
        .nvariants = 1,
        .variants = {{"lsq_objective", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
