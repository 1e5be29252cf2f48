/* Driver for the taps_c89 test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define HALF 2
#define TAPS (2 * HALF + 1)

void taps_c89(int n, double gain, const double *w, const double *x, double *y);
void taps_c89_b(int n, double gain, const double *w, double *w_b, const double *x, double *x_b, double *y,
                double *y_b);

static int n;
static double *w, *w_b, *x, *x_b, *y, *y_b;
static long len, taps = TAPS;

static void setup(int size)
{
    n = size;
    len = n;
    w = HARNESS_DOUBLES(TAPS); w_b = HARNESS_DOUBLES(TAPS);
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    y = HARNESS_DOUBLES(len); y_b = HARNESS_DOUBLES(len);
    lcg_seed(31);
    lcg_fill(w, TAPS, -0.5, 0.5);
    lcg_fill(x, len, -1.0, 1.0);
    lcg_fill(y, len, -1.0, 1.0);
}

static void primal(void) { taps_c89(n, 1.5, w, x, y); }
static void adjoint(void) { taps_c89_b(n, 1.5, w, w_b, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "taps_c89",
        .size_meaning = "signal length",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &taps}, {"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}},
        .nvariants = 1,
        .variants = {{"taps_c89", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
