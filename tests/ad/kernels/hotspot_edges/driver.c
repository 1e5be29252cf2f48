/* Driver for the hotspot_edges test kernel (see corpus/common/harness.h). Float data: the step is
 * 1e-3 and the tolerance 1e-3, as for math_float. */
#include "../../../../corpus/common/harness.h"

#define NCOL 40

void hotspot_edges(int nrow, const float temp[][NCOL], const float power[][NCOL], float result[][NCOL]);
void hotspot_edges_b(int nrow, const float temp[][NCOL], float temp_b[][NCOL], const float power[][NCOL],
                     float power_b[][NCOL], float result[][NCOL], float result_b[][NCOL]);

static int nrow;
static float *temp, *temp_b, *power, *power_b, *result, *result_b;
static long len;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    nrow = size;
    len = (long)nrow * NCOL;
    temp = floats(len); temp_b = floats(len);
    power = floats(len); power_b = floats(len);
    result = floats(len); result_b = floats(len);
    lcg_seed(37);
    for (long e = 0; e < len; e++) {
        temp[e] = (float)lcg_uniform(0.2, 0.9);
        power[e] = (float)lcg_uniform(0.0, 1.0);
    }
}

static void primal(void)
{
    hotspot_edges(nrow, (const float (*)[NCOL])temp, (const float (*)[NCOL])power, (float (*)[NCOL])result);
}

static void adjoint(void)
{
    hotspot_edges_b(nrow, (const float (*)[NCOL])temp, (float (*)[NCOL])temp_b, (const float (*)[NCOL])power,
                    (float (*)[NCOL])power_b, (float (*)[NCOL])result, (float (*)[NCOL])result_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "hotspot_edges",
        .size_meaning = "number of rows",
        .check_size = 30,
        .time_size = 100000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"temp", NULL, NULL, &len}, {"power", NULL, NULL, &len}, {"result", NULL, NULL, &len}},
        .nvariants = 1,
        .variants = {{"hotspot_edges", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &temp, .adjoint_f = &temp_b}, {.value_f = &power, .adjoint_f = &power_b},
                    {.value_f = &result, .adjoint_f = &result_b}},
    };
    return harness_main(argc, argv, &kernel);
}
