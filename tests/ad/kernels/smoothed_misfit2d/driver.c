/* Driver for the smoothed_misfit2d test kernel (see corpus/common/harness.h): the returned objective
 * is the 1-element output array `result`; the adjoint call passes result_b[0] and consumes it. */
#include "../../../../corpus/common/harness.h"

#define NX 48

double smoothed_misfit2d(int ny, const double *u, const double *obs);
void smoothed_misfit2d_b(int ny, const double *u, double *u_b, const double *obs, double *obs_b, double result_b);

static int ny;
static double *u, *u_b, *obs, *obs_b, *result, *result_b;
static long len, one = 1;

static void setup(int size)
{
    ny = size;
    len = (long)ny * NX;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    obs = HARNESS_DOUBLES(len); obs_b = HARNESS_DOUBLES(len);
    result = HARNESS_DOUBLES(1); result_b = HARNESS_DOUBLES(1);
    lcg_seed(41);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(obs, len, -1.0, 1.0);
}

static void primal(void) { result[0] = smoothed_misfit2d(ny, u, obs); }

static void adjoint(void)
{
    smoothed_misfit2d_b(ny, u, u_b, obs, obs_b, result_b[0]);
    result_b[0] = 0.0;
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "smoothed_misfit2d",
        .size_meaning = "number of rows",
        .check_size = 40,
        .time_size = 40000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_b, &len}, {"obs", &obs, &obs_b, &len}, {"result", &result, &result_b, &one}},
        .nvariants = 1,
        .variants = {{"smoothed_misfit2d", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
