/* Driver for polybench_conv2d: gradient check and timing (see ../common/harness.h). The arrays have
 * rows of the dataset's length NJ, as in PolyBench, and the run-time extents are ni x NJ (N = ni rows),
 * so that every element of the arrays is used. Elements are read and written through accessors of
 * DATA_TYPE (float by default; -DDATA_TYPE=double works too). */
#include "../common/harness.h"
#include "polybench_conv2d.h"

void polybench_conv2d(int ni, int nj, DATA_TYPE A[NI][NJ], DATA_TYPE B[NI][NJ]);
void polybench_conv2d_b(int ni, int nj, DATA_TYPE A[NI][NJ], DATA_TYPE A_b[NI][NJ], DATA_TYPE B[NI][NJ],
                        DATA_TYPE B_b[NI][NJ]);

static int ni, nj;
static DATA_TYPE (*A)[NJ], (*A_b)[NJ], (*B)[NJ], (*B_b)[NJ];
static long len;

static DATA_TYPE (*rows(int n))[NJ] { return (DATA_TYPE (*)[NJ])harness_alloc((size_t)n * NJ * sizeof(DATA_TYPE)); }

static double get_A(int which, long e) { return (double)(which ? A_b : A)[e / NJ][e % NJ]; }
static void set_A(int which, long e, double v) { (which ? A_b : A)[e / NJ][e % NJ] = (DATA_TYPE)v; }
static double get_B(int which, long e) { return (double)(which ? B_b : B)[e / NJ][e % NJ]; }
static void set_B(int which, long e, double v) { (which ? B_b : B)[e / NJ][e % NJ] = (DATA_TYPE)v; }

static void setup(int size)
{
    ni = size < NI ? size : NI;
    nj = NJ;
    len = (long)ni * NJ;
    A = rows(ni); A_b = rows(ni);
    B = rows(ni); B_b = rows(ni);
    lcg_seed(29);
    for (long e = 0; e < len; e++) set_A(0, e, lcg_uniform(0.0, 1.0));
    for (long e = 0; e < len; e++) set_B(0, e, lcg_uniform(0.0, 1.0));
}

static void primal(void) { polybench_conv2d(ni, nj, A, B); }
static void adjoint(void) { polybench_conv2d_b(ni, nj, A, A_b, B, B_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "polybench_conv2d",
        .size_meaning = "rows ni (at most NI; nj = NJ, the dataset's row length)",
        .check_size = 64,
        .time_size = NI,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"A", NULL, NULL, &len}, {"B", NULL, NULL, &len}},
        .storage = {{.get = get_A, .set = set_A}, {.get = get_B, .set = set_B}},
        .nvariants = 1,
        .variants = {{"polybench_conv2d", primal, adjoint}},
        /* float data: the map is linear, so the central difference has no truncation error and its
         * error is the outputs' rounding (ulp 1e-7 of values in [0, 1)) over 2h; h = 0.1 measures
         * 1.5e-7 (h = 1e-6 would leave nothing but rounding), inside the default tolerance */
        .h = 0.1,
    };
    return harness_main(argc, argv, &kernel);
}
