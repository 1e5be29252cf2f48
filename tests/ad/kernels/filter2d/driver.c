/* Driver for the filter2d test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NX 37 /* columns; the rows are the problem size */
#define TAPS 3

void filter2d(int ny, int nx, const double *w, const double *in, double *out);
void filter2d_b(int ny, int nx, const double *w, double *w_b, const double *in, double *in_b, double *out,
                double *out_b);

static int ny;
static double *w, *w_b, *in, *in_b, *out, *out_b;
static long taps_len = TAPS * TAPS, image_len;

static void setup(int size)
{
    ny = size;
    image_len = (long)ny * NX;
    w = HARNESS_DOUBLES(taps_len); w_b = HARNESS_DOUBLES(taps_len);
    in = HARNESS_DOUBLES(image_len); in_b = HARNESS_DOUBLES(image_len);
    out = HARNESS_DOUBLES(image_len); out_b = HARNESS_DOUBLES(image_len);
    lcg_seed(41);
    lcg_fill(w, taps_len, -1.0, 1.0);
    lcg_fill(in, image_len, -1.0, 1.0);
    lcg_fill(out, image_len, -1.0, 1.0);
}

static void primal(void) { filter2d(ny, NX, w, in, out); }
static void adjoint(void) { filter2d_b(ny, NX, w, w_b, in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "filter2d",
        .size_meaning = "rows of 37 pixels",
        .check_size = 101,
        .time_size = 20000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"w", &w, &w_b, &taps_len}, {"in", &in, &in_b, &image_len}, {"out", &out, &out_b, &image_len}},
        .nvariants = 1,
        .variants = {{"filter2d", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
