/* Driver for the weight_table test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void weight_table(int n, const double *in, double *out);
void weight_table_b(int n, const double *in, double *in_b, double *out, double *out_b);

static int n;
static double *in, *in_b, *out, *out_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    in = HARNESS_DOUBLES(len); in_b = HARNESS_DOUBLES(len);
    out = HARNESS_DOUBLES(len); out_b = HARNESS_DOUBLES(len);
    lcg_seed(47);
    lcg_fill(in, len, -1.0, 1.0);
    lcg_fill(out, len, -1.0, 1.0);
}

static void primal(void) { weight_table(n, in, out); }
static void adjoint(void) { weight_table_b(n, in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "weight_table",
        .size_meaning = "points",
        .check_size = 203,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"in", &in, &in_b, &len}, {"out", &out, &out_b, &len}},
        .nvariants = 1,
        .variants = {{"weight_table", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
