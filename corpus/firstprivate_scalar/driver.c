/* Driver for firstprivate_scalar: gradient check and timing (see ../common/harness.h).
 * The primal's result depends on the number of threads (one `in` per thread); the check holds for any
 * OMP_NUM_THREADS because primal and adjoint run with the same team and the same static schedule. */
#include "../common/harness.h"

void firstprivate_scalar(int n, double *out, double in);
void firstprivate_scalar_b(int n, double *out, double *out_b, double in, double *in_b);

static int n;
static double *out, *out_b;
static double *in, *in_b; /* the by-value scalar `in`, as a 1-element array */
static long out_len, in_len = 1;

static void setup(int size)
{
    n = size;
    out_len = n;
    out = HARNESS_DOUBLES(out_len); out_b = HARNESS_DOUBLES(out_len);
    in = HARNESS_DOUBLES(1); in_b = HARNESS_DOUBLES(1);
    lcg_seed(3);
    lcg_fill(out, out_len, -1.0, 1.0);
    in[0] = 0.75;
}

static void primal(void) { firstprivate_scalar(n, out, in[0]); }
static void adjoint(void) { firstprivate_scalar_b(n, out, out_b, in[0], in_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "firstprivate_scalar",
        .size_meaning = "number of loop iterations",
        .check_size = 5000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"out", &out, &out_b, &out_len}, {"in", &in, &in_b, &in_len}},
        .nvariants = 1,
        .variants = {{"firstprivate_scalar", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
