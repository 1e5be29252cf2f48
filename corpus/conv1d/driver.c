/* Driver for conv1d: gradient check and timing (see ../common/harness.h). The taps are active: a
 * 7-element array of their own. */
#include "../common/harness.h"

#define R 3
#define WIDTH (2 * R + 1)

void conv1d(int n, const double w[WIDTH], const double *x, double *y);
void conv1d_b(int n, const double w[WIDTH], double w_b[WIDTH], const double *x, double *x_b, double *y,
              double *y_b);

static int n;
static double *w, *w_b, *x, *x_b, *y, *y_b;
static long len, taps = WIDTH;

static void setup(int size)
{
    n = size;
    len = n;
    w = HARNESS_DOUBLES(WIDTH); w_b = HARNESS_DOUBLES(WIDTH);
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    y = HARNESS_DOUBLES(len); y_b = HARNESS_DOUBLES(len);
    lcg_seed(23);
    lcg_fill(w, WIDTH, -0.5, 0.5);
    lcg_fill(x, len, -1.0, 1.0);
    lcg_fill(y, len, -1.0, 1.0);
}

static void primal(void) { conv1d(n, w, x, y); }
static void adjoint(void) { conv1d_b(n, w, w_b, x, x_b, y, y_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "conv1d",
        .size_meaning = "signal length",
        .check_size = 5000,
        .time_size = 10000000,
        .h = 1e-4, /* the primal is bilinear in (w, x): central differences are exact up to rounding */
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &taps}, {"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}},
        .nvariants = 1,
        .variants = {{"conv1d", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
