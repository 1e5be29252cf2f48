/* Driver for the macro_blur test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void macro_blur(int n, double gain, const double *in, double *out);
void macro_blur_b(int n, double gain, const double *in, double *in_b, double *out, double *out_b);

static int n;
static double *in, *in_b, *out, *out_b;
static long n_len;

static void setup(int size)
{
    n = size;
    n_len = n;
    in = HARNESS_DOUBLES(n); in_b = HARNESS_DOUBLES(n);
    out = HARNESS_DOUBLES(n); out_b = HARNESS_DOUBLES(n);
    lcg_seed(23);
    lcg_fill(in, n, -1.0, 1.0);
    lcg_fill(out, n, -1.0, 1.0);
}

static void primal(void) { macro_blur(n, 1.5, in, out); }
static void adjoint(void) { macro_blur_b(n, 1.5, in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "macro_blur",
        .size_meaning = "signal length",
        .check_size = 1000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"in", &in, &in_b, &n_len}, {"out", &out, &out_b, &n_len}},
        .nvariants = 1,
        .variants = {{"macro_blur", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
