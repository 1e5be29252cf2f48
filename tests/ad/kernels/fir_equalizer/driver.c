/* Driver for the fir_equalizer test kernel (see corpus/common/harness.h). Float data: the step is
 * 1e-3 (a smaller one drowns in float rounding) and the tolerance 1e-3. */
#include "../../../../corpus/common/harness.h"

#define HALF 3
#define NTAPS (2 * HALF + 1)
#define NBANDS 4

int fir_equalizer(int n, const float *coef, const float band_gain[NBANDS], float dc, const float *in, float *out);
int fir_equalizer_b(int n, const float *coef, float *coef_b, const float band_gain[NBANDS], float band_gain_b[NBANDS],
                    float dc, const float *in, float *in_b, float *out, float *out_b);

static int n;
static float *coef, *coef_b, *gain, *gain_b, *in, *in_b, *out, *out_b;
static long len, taps = NTAPS, bands = NBANDS;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int size)
{
    n = size;
    len = n;
    coef = floats(NTAPS); coef_b = floats(NTAPS);
    gain = floats(NBANDS); gain_b = floats(NBANDS);
    in = floats(len); in_b = floats(len);
    out = floats(len); out_b = floats(len);
    lcg_seed(17);
    for (long e = 0; e < NTAPS; e++) coef[e] = (float)lcg_uniform(-0.5, 0.5);
    for (long e = 0; e < NBANDS; e++) gain[e] = (float)lcg_uniform(0.5, 1.5);
    for (long e = 0; e < len; e++) in[e] = (float)lcg_uniform(-1.0, 1.0);
}

static void primal(void) { fir_equalizer(n, coef, gain, 0.25f, in, out); }
static void adjoint(void) { fir_equalizer_b(n, coef, coef_b, gain, gain_b, 0.25f, in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "fir_equalizer",
        .size_meaning = "signal length",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"coef", NULL, NULL, &taps}, {"band_gain", NULL, NULL, &bands}, {"in", NULL, NULL, &len},
                   {"out", NULL, NULL, &len}},
        .nvariants = 1,
        .variants = {{"fir_equalizer", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &coef, .adjoint_f = &coef_b}, {.value_f = &gain, .adjoint_f = &gain_b},
                    {.value_f = &in, .adjoint_f = &in_b}, {.value_f = &out, .adjoint_f = &out_b}},
    };
    return harness_main(argc, argv, &kernel);
}
