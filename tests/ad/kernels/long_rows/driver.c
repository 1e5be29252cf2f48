/* Driver for the long_rows test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NCOL 24

void long_rows(int m, int n, const double *a, double *b);
void long_rows_b(int m, int n, const double *a, double *a_b, double *b, double *b_b);

static int m;
static double *a, *a_b, *b, *b_b;
static long a_len, b_len;

static void setup(int size)
{
    m = size;
    a_len = (long)(m + 1) * NCOL;
    b_len = (long)m * NCOL;
    a = HARNESS_DOUBLES(a_len); a_b = HARNESS_DOUBLES(a_len);
    b = HARNESS_DOUBLES(b_len); b_b = HARNESS_DOUBLES(b_len);
    lcg_seed(3);
    lcg_fill(a, a_len, -1.0, 1.0);
    lcg_fill(b, b_len, -1.0, 1.0);
}

static void primal(void) { long_rows(m, NCOL, a, b); }
static void adjoint(void) { long_rows_b(m, NCOL, a, a_b, b, b_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "long_rows",
        .size_meaning = "rows (of 24 columns)",
        .check_size = 41,
        .time_size = 100000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"a", &a, &a_b, &a_len}, {"b", &b, &b_b, &b_len}},
        .nvariants = 1,
        .variants = {{"long_rows", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
