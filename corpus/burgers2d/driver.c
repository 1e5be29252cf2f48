/* Driver for burgers2d and burgers2d_evenodd: gradient check and timing (see ../common/harness.h).
 * An N x N grid; u and v have random signs and magnitudes in [0.2, 1], so both upwind branches occur
 * and the finite differences never cross a branch. Both variants compute the same values; `check`
 * tests both, `time N REPS evenodd` times the even/odd one. */
#include "../common/harness.h"

void burgers2d(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
               const double v[ny][nx], double unew[ny][nx], double vnew[ny][nx]);
void burgers2d_evenodd(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                       const double v[ny][nx], double unew[ny][nx], double vnew[ny][nx]);
void burgers2d_b(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                 double u_b[ny][nx], const double v[ny][nx], double v_b[ny][nx], double unew[ny][nx],
                 double unew_b[ny][nx], double vnew[ny][nx], double vnew_b[ny][nx]);
void burgers2d_evenodd_b(int ny, int nx, double cx, double cy, double rx, double ry, const double u[ny][nx],
                         double u_b[ny][nx], const double v[ny][nx], double v_b[ny][nx], double unew[ny][nx],
                         double unew_b[ny][nx], double vnew[ny][nx], double vnew_b[ny][nx]);

static const double cx = 0.1, cy = 0.12, rx = 0.05, ry = 0.04;
static int ny, nx;
static double *u, *u_b, *v, *v_b, *unew, *unew_b, *vnew, *vnew_b; /* ny x nx, row-major */
static long len;

static void setup(int size)
{
    ny = size;
    nx = size + 5;
    len = (long)ny * nx;
    u = HARNESS_DOUBLES(len); u_b = HARNESS_DOUBLES(len);
    v = HARNESS_DOUBLES(len); v_b = HARNESS_DOUBLES(len);
    unew = HARNESS_DOUBLES(len); unew_b = HARNESS_DOUBLES(len);
    vnew = HARNESS_DOUBLES(len); vnew_b = HARNESS_DOUBLES(len);
    lcg_seed(13);
    for (long k = 0; k < len; k++) {
        u[k] = (lcg_int(2) ? 1.0 : -1.0) * lcg_uniform(0.2, 1.0);
        v[k] = (lcg_int(2) ? 1.0 : -1.0) * lcg_uniform(0.2, 1.0);
    }
    lcg_fill(unew, len, -1.0, 1.0);
    lcg_fill(vnew, len, -1.0, 1.0);
}

#define GRID(p) ((double(*)[nx])(p))
#define CGRID(p) ((const double(*)[nx])(p))

static void primal(void) { burgers2d(ny, nx, cx, cy, rx, ry, CGRID(u), CGRID(v), GRID(unew), GRID(vnew)); }
static void adjoint(void)
{
    burgers2d_b(ny, nx, cx, cy, rx, ry, CGRID(u), GRID(u_b), CGRID(v), GRID(v_b), GRID(unew), GRID(unew_b),
                GRID(vnew), GRID(vnew_b));
}
static void primal_evenodd(void)
{
    burgers2d_evenodd(ny, nx, cx, cy, rx, ry, CGRID(u), CGRID(v), GRID(unew), GRID(vnew));
}
static void adjoint_evenodd(void)
{
    burgers2d_evenodd_b(ny, nx, cx, cy, rx, ry, CGRID(u), GRID(u_b), CGRID(v), GRID(v_b), GRID(unew),
                        GRID(unew_b), GRID(vnew), GRID(vnew_b));
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "burgers2d",
        .size_meaning = "grid rows ny (nx = N + 5)",
        .check_size = 41,
        .time_size = 2000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"u", &u, &u_b, &len}, {"v", &v, &v_b, &len}, {"unew", &unew, &unew_b, &len},
                   {"vnew", &vnew, &vnew_b, &len}},
        .nvariants = 2,
        .variants = {{"burgers2d", primal, adjoint}, {"burgers2d_evenodd", primal_evenodd, adjoint_evenodd}},
    };
    return harness_main(argc, argv, &kernel);
}
