/* Driver for the chained_stores test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void chained_stores(int n, const double *x, double *y, double *z, double *w);
void chained_stores_b(int n, const double *x, double *x_b, double *y, double *y_b, double *z, double *z_b, double *w,
                      double *w_b);

static int n;
static double *x, *x_b, *y, *y_b, *z, *z_b, *w, *w_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    y = HARNESS_DOUBLES(len); y_b = HARNESS_DOUBLES(len);
    z = HARNESS_DOUBLES(len); z_b = HARNESS_DOUBLES(len);
    w = HARNESS_DOUBLES(len); w_b = HARNESS_DOUBLES(len);
    lcg_seed(59);
    lcg_fill(x, len, -1.0, 1.0);
    lcg_fill(y, len, -1.0, 1.0);
    lcg_fill(z, len, -1.0, 1.0);
    lcg_fill(w, len, -1.0, 1.0);
}

static void primal(void) { chained_stores(n, x, y, z, w); }
static void adjoint(void) { chained_stores_b(n, x, x_b, y, y_b, z, z_b, w, w_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "chained_stores",
        .size_meaning = "points",
        .check_size = 211,
        .time_size = 4000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}, {"z", &z, &z_b, &len}, {"w", &w, &w_b, &len}},
        .nvariants = 1,
        .variants = {{"chained_stores", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
