/* Driver for stencil2d_nonlinear: gradient check and timing (see ../common/harness.h). An N x (N+3)
 * grid (not square, so a swapped index shows), u in [0.5, 1.5] (positive, as a porous-medium density is). */
#include "../common/harness.h"

void stencil2d_nonlinear(int ny, int nx, double r, const double u[ny][nx], double unew[ny][nx]);
void stencil2d_nonlinear_b(int ny, int nx, double r, const double u[ny][nx], double u_b[ny][nx],
                           double unew[ny][nx], double unew_b[ny][nx]);

static const double r = 0.05; /* dt / h^2: stable for the diffusivities above (r * max k < 1/4) */
static int ny, nx;
static double *u, *u_b, *unew, *unew_b; /* ny x nx, row-major */
static long len;

static void setup(int size)
{
    ny = size;
    nx = size + 3;
    len = (long)ny * nx;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    lcg_seed(11);
    lcg_fill(u, len, 0.5, 1.5);
    lcg_fill(unew, len, -1.0, 1.0);
}

static void primal(void) { stencil2d_nonlinear(ny, nx, r, (const double(*)[nx])u, (double(*)[nx])unew); }
static void adjoint(void)
{
    stencil2d_nonlinear_b(ny, nx, r, (const double(*)[nx])u, (double(*)[nx])u_b, (double(*)[nx])unew,
                          (double(*)[nx])unew_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "stencil2d_nonlinear",
        .size_meaning = "grid rows (N x (N+3) points)",
        .check_size = 70,
        .time_size = 2000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &len}, {"unew", &unew, &unew_b, &len}},
        .nvariants = 1,
        .variants = {{"stencil2d_nonlinear", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
