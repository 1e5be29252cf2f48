/* Driver for the squared_filter test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define W 4
#define TAPS (2 * W + 1)

void squared_filter(int n, const double *w, const double *in, double *out);
void squared_filter_b(int n, const double *w, double *w_b, const double *in, double *in_b, double *out, double *out_b);

static int n;
static double *w, *w_b, *in, *in_b, *out, *out_b;
static long len, taps = TAPS;

static void setup(int size)
{
    n = size;
    len = n;
    w = HARNESS_DOUBLES(TAPS); w_b = HARNESS_DOUBLES(TAPS);
    in = HARNESS_DOUBLES(len); in_b = HARNESS_DOUBLES(len);
    out = HARNESS_DOUBLES(len); out_b = HARNESS_DOUBLES(len);
    lcg_seed(37);
    lcg_fill(w, TAPS, -0.5, 0.5);
    lcg_fill(in, len, -1.0, 1.0);
    lcg_fill(out, len, -1.0, 1.0);
}

static void primal(void) { squared_filter(n, w, in, out); }
static void adjoint(void) { squared_filter_b(n, w, w_b, in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "squared_filter",
        .size_meaning = "signal length",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &taps}, {"in", &in, &in_b, &len}, {"out", &out, &out_b, &len}},
        .nvariants = 1,
        .variants = {{"squared_filter", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
