/* Driver for the blur_heat2d test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NX 41 /* columns; the rows are the problem size */

void blur_heat2d(int ny, int nx, const double w[3][3], float kappa, const double (*u)[nx], double (*smooth)[nx],
                 double (*unew)[nx]);
void blur_heat2d_b(int ny, int nx, const double w[3][3], double w_b[3][3], float kappa, const double (*u)[nx],
                   double (*u_b)[nx], double (*smooth)[nx], double (*smooth_b)[nx], double (*unew)[nx],
                   double (*unew_b)[nx]);

static int ny;
static double *w, *w_b, *u, *u_b, *smooth, *smooth_b, *unew, *unew_b;
static long taps_len = 9, image_len;

static void setup(int size)
{
    ny = size;
    image_len = (long)ny * NX;
    w = HARNESS_DOUBLES(taps_len); w_b = HARNESS_DOUBLES(taps_len);
    u = HARNESS_DOUBLES(image_len); u_b = HARNESS_DOUBLES(image_len);
    smooth = HARNESS_DOUBLES(image_len); smooth_b = HARNESS_DOUBLES(image_len);
    unew = HARNESS_DOUBLES(image_len); unew_b = HARNESS_DOUBLES(image_len);
    lcg_seed(43);
    lcg_fill(w, taps_len, -1.0, 1.0);
    lcg_fill(u, image_len, -1.0, 1.0);
    lcg_fill(smooth, image_len, -1.0, 1.0);
    lcg_fill(unew, image_len, -1.0, 1.0);
}

static void primal(void)
{
    blur_heat2d(ny, NX, (const double(*)[3])w, 0.2f, (const double(*)[NX])u, (double(*)[NX])smooth,
                (double(*)[NX])unew);
}
static void adjoint(void)
{
    blur_heat2d_b(ny, NX, (const double(*)[3])w, (double(*)[3])w_b, 0.2f, (const double(*)[NX])u,
                  (double(*)[NX])u_b, (double(*)[NX])smooth, (double(*)[NX])smooth_b, (double(*)[NX])unew,
                  (double(*)[NX])unew_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "blur_heat2d",
        .size_meaning = "rows of 41 cells",
        .check_size = 53,
        .time_size = 20000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"w", &w, &w_b, &taps_len}, {"u", &u, &u_b, &image_len}, {"smooth", &smooth, &smooth_b, &image_len},
                   {"unew", &unew, &unew_b, &image_len}},
        .nvariants = 1,
        .variants = {{"blur_heat2d", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
