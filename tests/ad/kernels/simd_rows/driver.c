/* Driver for the simd_rows test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NCOL 16

void simd_rows(int n, double alpha, const double *a, double *c);
void simd_rows_b(int n, double alpha, double *alpha_b, const double *a, double *a_b, double *c, double *c_b);

static int n;
static double *alpha, *alpha_b, *a, *a_b, *c, *c_b;
static long alpha_len = 1, a_len, c_len;

static void setup(int size)
{
    n = size;
    a_len = c_len = (long)n * NCOL;
    alpha = HARNESS_DOUBLES(1); alpha_b = HARNESS_DOUBLES(1);
    a = HARNESS_DOUBLES(a_len); a_b = HARNESS_DOUBLES(a_len);
    c = HARNESS_DOUBLES(c_len); c_b = HARNESS_DOUBLES(c_len);
    lcg_seed(16);
    alpha[0] = 0.75;
    lcg_fill(a, a_len, -1.0, 1.0);
    lcg_fill(c, c_len, -1.0, 1.0);
}

static void primal(void) { simd_rows(n, alpha[0], a, c); }
static void adjoint(void) { simd_rows_b(n, alpha[0], alpha_b, a, a_b, c, c_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "simd_rows",
        .size_meaning = "rows (of 16 columns)",
        .check_size = 53,
        .time_size = 100000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"alpha", &alpha, &alpha_b, &alpha_len}, {"a", &a, &a_b, &a_len}, {"c", &c, &c_b, &c_len}},
        .nvariants = 1,
        .variants = {{"simd_rows", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
