/* Driver for the heat2d_simd test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NX 37

void heat2d_simd(int nx, int ny, double rx, double ry, const double *u, double *unew);
void heat2d_simd_b(int nx, int ny, double rx, double ry, const double *u, double *u_b, double *unew, double *unew_b);

static int ny;
static double *u, *u_b, *unew, *unew_b;
static long len;

static void setup(int size)
{
    ny = size;
    len = (long)NX * ny;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(29);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { heat2d_simd(NX, ny, 0.2, 0.15, u, unew); }
static void adjoint(void) { heat2d_simd_b(NX, ny, 0.2, 0.15, u, u_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "heat2d_simd",
        .size_meaning = "number of columns",
        .check_size = 30,
        .time_size = 30000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"heat2d_simd", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
