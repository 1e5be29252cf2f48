/* Driver for lbm: gradient check and timing (see ../common/harness.h).
 * The grid is SIZE_X x SIZE_Y x N cells (SIZE_X = SIZE_Y = 120 as in Parboil); src and dst are
 * allocated with a margin of one z layer plus one row plus one cell on each side, so that the
 * neighbour writes of boundary cells stay in memory. Obstacles: the walls x = 0, x = SIZE_X-1,
 * y = 0, y = SIZE_Y-1 and 10% of the other cells. The distributions start near the equilibrium of a
 * fluid at rest (density about 1). */
#include "../common/harness.h"

#define SIZE_X 120
#define SIZE_Y 120
#define N_CELL_ENTRIES 20
#define MARGIN ((long)(SIZE_X * SIZE_Y + SIZE_X + 1) * N_CELL_ENTRIES)

void lbm(int size_z, const int *flags, const double *src, double *dst);
void lbm_b(int size_z, const int *flags, const double *src, double *src_b, double *dst, double *dst_b);

static int size_z;
static int *flags;
static double *src, *src_b, *dst, *dst_b; /* whole allocations; the kernel sees them from MARGIN on */
static long len;

static void setup(int size)
{
    static const double w[19] = {1.0 / 3,  1.0 / 18, 1.0 / 18, 1.0 / 18, 1.0 / 18, 1.0 / 18, 1.0 / 18,
                                 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36,
                                 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
    size_z = size;
    long n_cells = (long)SIZE_X * SIZE_Y * size_z;
    len = n_cells * N_CELL_ENTRIES + 2 * MARGIN;
    flags = HARNESS_INTS(n_cells);
    src = HARNESS_DOUBLES(len); src_b = HARNESS_DOUBLES(len);
    dst = HARNESS_DOUBLES(len); dst_b = HARNESS_DOUBLES(len);
    lcg_seed(12);
    for (long cell = 0; cell < n_cells; cell++) {
        int x = (int)(cell % SIZE_X), y = (int)(cell / SIZE_X % SIZE_Y);
        int wall = x == 0 || x == SIZE_X - 1 || y == 0 || y == SIZE_Y - 1;
        flags[cell] = wall || lcg_uniform(0.0, 1.0) < 0.1;
    }
    for (long k = 0; k < len; k++) {
        long e = ((k - MARGIN) % N_CELL_ENTRIES + N_CELL_ENTRIES) % N_CELL_ENTRIES;
        src[k] = e < 19 ? w[e] * lcg_uniform(0.9, 1.1) : 0.0;
    }
    lcg_fill(dst, len, -0.1, 0.1);
}

static void primal(void) { lbm(size_z, flags, src + MARGIN, dst + MARGIN); }
static void adjoint(void) { lbm_b(size_z, flags, src + MARGIN, src_b + MARGIN, dst + MARGIN, dst_b + MARGIN); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "lbm",
        .size_meaning = "z layers of the 120 x 120 x N grid (Parboil's long run uses 150)",
        .check_size = 2,
        .time_size = 16,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"src", &src, &src_b, &len}, {"dst", &dst, &dst_b, &len}},
        .nvariants = 1,
        .variants = {{"lbm", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
