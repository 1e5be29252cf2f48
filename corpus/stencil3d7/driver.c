/* Driver for stencil3d7: gradient check and timing (see ../common/harness.h). An N x (N+1) x (N+2)
 * grid (no two extents equal, so a swapped index shows); c in [0.01, 0.15] (a stable explicit step
 * needs c < 1/6). */
#include "../common/harness.h"

void stencil3d7(int nz, int ny, int nx, const double *c, const double *u, double *unew);
void stencil3d7_b(int nz, int ny, int nx, const double *c, double *c_b, const double *u, double *u_b,
                  double *unew, double *unew_b);

static int nz, ny, nx;
static double *c, *c_b, *u, *u_b, *unew, *unew_b;
static long len;

static void setup(int size)
{
    nz = size;
    ny = size + 1;
    nx = size + 2;
    len = (long)nz * ny * nx;
    c = HARNESS_DOUBLES(len); c_b = HARNESS_DOUBLES(len);
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(37);
    lcg_fill(c, len, 0.01, 0.15);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { stencil3d7(nz, ny, nx, c, u, unew); }
static void adjoint(void) { stencil3d7_b(nz, ny, nx, c, c_b, u, u_b, unew, unew_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "stencil3d7",
        .size_meaning = "grid planes (N x (N+1) x (N+2) points)",
        .check_size = 18,
        .time_size = 160,
        .h = 1e-4, /* the primal is bilinear in (c, u): central differences are exact up to rounding */
        .setup = setup,
        .narrays = 3,
        .arrays = {{"c", &c, &c_b, &len}, {"u", &u, &u_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"stencil3d7", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
