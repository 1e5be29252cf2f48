/* Driver for the returned_misfit test kernel (see corpus/common/harness.h): the returned objective
 * is the 1-element output array `result`; the adjoint call passes result_b[0] and consumes it. */
#include "../../../../corpus/common/harness.h"

double returned_misfit(int n, const double *u, const double *w);
void returned_misfit_b(int n, const double *u, double *u_b, const double *w, double *w_b, double result_b);

static int n;
static double *u, *u_b, *w, *w_b, *result, *result_b;
static long len, one = 1;

static void setup(int size)
{
    n = size;
    len = n;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    w = HARNESS_DOUBLES(len); w_b = HARNESS_DOUBLES(len);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(23);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(w, len, 0.5, 1.5);
}

static void primal(void) { result[0] = returned_misfit(n, u, w); }

static void adjoint(void)
{
    returned_misfit_b(n, u, u_b, w, w_b, result_b[0]);
    result_b[0] = 0.0;
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "returned_misfit",
        .size_meaning = "number of samples",
        .check_size = 1000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_b, &len}, {"w", &w, &w_b, &len}, {"result", &result, &result_b, &one}},
        .nvariants = 1,
        .variants = {{"returned_misfit", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
