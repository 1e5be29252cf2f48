/* Driver for the row_pointers test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NCOL 16

void row_pointers(int n, double scale, const double *a, double *b);
void row_pointers_b(int n, double scale, double *scale_b, const double *a, double *a_b, double *b, double *b_b);

static int n;
static double *scale_p, *scale_bp; /* one element each: scale is active */
static double *a, *a_b, *b, *b_b;
static long a_len, b_len, one = 1;

static void setup(int size)
{
    n = size;
    a_len = (long)(n + 1) * NCOL;
    b_len = (long)n * NCOL;
    a = HARNESS_DOUBLES(a_len); a_b = HARNESS_DOUBLES(a_len);
    b = HARNESS_DOUBLES(b_len); b_b = HARNESS_DOUBLES(b_len);
    scale_p = HARNESS_DOUBLES(1); scale_bp = HARNESS_DOUBLES(1);
    lcg_seed(16);
    lcg_fill(a, a_len, -1.0, 1.0);
    lcg_fill(b, b_len, -1.0, 1.0);
    scale_p[0] = 0.75;
}

static void primal(void) { row_pointers(n, scale_p[0], a, b); }
static void adjoint(void) { row_pointers_b(n, scale_p[0], scale_bp, a, a_b, b, b_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "row_pointers",
        .size_meaning = "rows (of 16 columns)",
        .check_size = 37,
        .time_size = 100000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"scale", &scale_p, &scale_bp, &one}, {"a", &a, &a_b, &a_len}, {"b", &b, &b_b, &b_len}},
        .nvariants = 1,
        .variants = {{"row_pointers", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
