/* Driver for the softmax_rows test kernel (see corpus/common/harness.h): NCOL-wide rows of logits. */
#include "../../../../corpus/common/harness.h"

enum { NCOL = 10 };

void softmax_rows(int nrow, int ncol, const double *z, double *p);
void softmax_rows_b(int nrow, int ncol, const double *z, double *z_b, double *p, double *p_b);

static int nrow;
static double *z, *z_b, *p, *p_b;
static long len;

static void setup(int size)
{
    nrow = size;
    len = (long)nrow * NCOL;
    z = HARNESS_DOUBLES(len); z_b = HARNESS_DOUBLES(len);
    p = HARNESS_DOUBLES(len); p_b = HARNESS_DOUBLES(len);
    lcg_seed(41);
    lcg_fill(z, len, -3.0, 3.0);
    lcg_fill(p, len, 0.0, 1.0);
}

static void primal(void) { softmax_rows(nrow, NCOL, z, p); }
static void adjoint(void) { softmax_rows_b(nrow, NCOL, z, z_b, p, p_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "softmax_rows",
        .size_meaning = "rows (of 10 logits)",
        .check_size = 53,
        .time_size = 200000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"z", &z, &z_b, &len}, {"p", &p, &p_b, &len}},
        .nvariants = 1,
        .variants = {{"softmax_rows", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
