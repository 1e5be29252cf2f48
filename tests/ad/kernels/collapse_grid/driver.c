/* Driver for the collapse_grid test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NX 24
#define NZ 3

void collapse_grid(int ny, double alpha, const double *u, double *v, double *w, double *z);
void collapse_grid_b(int ny, double alpha, const double *u, double *u_b, double *v, double *v_b, double *w, double *w_b,
                     double *z, double *z_b);

static int ny;
static double *u, *u_b, *v, *v_b, *w, *w_b, *z, *z_b;
static long grid_len, w_len;

static void setup(int size)
{
    ny = size;
    grid_len = (long)ny * NX;
    w_len = (long)NZ * ny * NX;
    u = HARNESS_DOUBLES(grid_len); u_b = HARNESS_DOUBLES(grid_len);
    v = HARNESS_DOUBLES(grid_len); v_b = HARNESS_DOUBLES(grid_len);
    w = HARNESS_DOUBLES(w_len); w_b = HARNESS_DOUBLES(w_len);
    z = HARNESS_DOUBLES(grid_len); z_b = HARNESS_DOUBLES(grid_len);
    lcg_seed(2024);
    lcg_fill(u, grid_len, -1.0, 1.0);
    lcg_fill(v, grid_len, -1.0, 1.0);
    lcg_fill(w, w_len, -1.0, 1.0);
    lcg_fill(z, grid_len, -1.0, 1.0);
}

static void primal(void) { collapse_grid(ny, 0.7, u, v, w, z); }
static void adjoint(void) { collapse_grid_b(ny, 0.7, u, u_b, v, v_b, w, w_b, z, z_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "collapse_grid",
        .size_meaning = "rows (of 24 columns)",
        .check_size = 23,
        .time_size = 100000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"u", &u, &u_b, &grid_len}, {"v", &v, &v_b, &grid_len}, {"w", &w, &w_b, &w_len}, {"z", &z, &z_b, &grid_len}},
        .nvariants = 1,
        .variants = {{"collapse_grid", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
