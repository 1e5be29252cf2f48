/* Driver for hotspot: gradient check and timing (see ../common/harness.h). An N x N chip; temperatures
 * around 320 K, power per cell in [0, 0.5) W as in HotSpot's input files. */
#include "../common/harness.h"

extern float step_div_cap, Rx_1, Ry_1, Rz_1;
void hotspot_coefficients(int row, int col);
void hotspot(int row, int col, const float *temp, const float *power, float *result);
void hotspot_b(int row, int col, const float *temp, float *temp_b, const float *power, float *power_b,
               float *result, float *result_b);

static int row, col;
static float *temp, *temp_b, *power, *power_b, *result, *result_b;
static long len;

static float *floats(long n) { return (float *)harness_alloc((size_t)n * sizeof(float)); }

static void setup(int size)
{
    row = col = size;
    len = (long)row * col;
    temp = floats(len); temp_b = floats(len);
    power = floats(len); power_b = floats(len);
    result = floats(len); result_b = floats(len);
    hotspot_coefficients(row, col);
    lcg_seed(23);
    for (long e = 0; e < len; e++) {
        temp[e] = (float)lcg_uniform(310.0, 330.0);
        power[e] = (float)lcg_uniform(0.0, 0.5);
        result[e] = (float)lcg_uniform(310.0, 330.0);
    }
}

static void primal(void) { hotspot(row, col, temp, power, result); }
static void adjoint(void) { hotspot_b(row, col, temp, temp_b, power, power_b, result, result_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "hotspot",
        .size_meaning = "cells per chip edge (N x N grid)",
        .check_size = 512, /* HotSpot's smallest input, temp_512: its neighbour terms are 3% of a cell's */
        .time_size = 4096,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"temp", NULL, NULL, &len}, {"power", NULL, NULL, &len}, {"result", NULL, NULL, &len}},
        .storage = {{.value_f = &temp, .adjoint_f = &temp_b},
                    {.value_f = &power, .adjoint_f = &power_b},
                    {.value_f = &result, .adjoint_f = &result_b}},
        .nvariants = 1,
        .variants = {{"hotspot", primal, adjoint}},
        /* float: the map is affine, so central differences have no truncation error at any step and
         * the error is the rounding of the float outputs (ulp(320 K) = 3e-5) over 2h. h = 1 (one kelvin,
         * one watt) measures 1.0e-6; 5e-6 still fails an adjoint without the ambient term Rz, the
         * smallest (6.7e-5 of the diagonal; leaving it out gives 1.9e-5), and anything larger. */
        .h = 1.0,
        .tolerance = 5e-6,
    };
    return harness_main(argc, argv, &kernel);
}
