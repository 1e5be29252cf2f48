/* Driver for the macro_sizes test kernel (see corpus/common/harness.h); built with the same
 * -DSMALL_DATASET (or not) as the kernel and its adjoint. */
#include "../../../../corpus/common/harness.h"
#include "sizes.h"

void macro_sizes(const real u[N][N], real v[N][N]);
void macro_sizes_b(const real u[N][N], real u_b[N][N], real v[N][N], real v_b[N][N]);

static double *u, *u_b, *v, *v_b;
static long u_len = (long)N * N, v_len = (long)N * N;

static void setup(int size)
{
    (void)size;
    u = HARNESS_DOUBLES(u_len); u_b = HARNESS_DOUBLES(u_len);
    v = HARNESS_DOUBLES(v_len); v_b = HARNESS_DOUBLES(v_len);
    lcg_seed(3);
    lcg_fill(u, u_len, -1.0, 1.0);
    lcg_fill(v, v_len, -1.0, 1.0);
}

static void primal(void) { macro_sizes((const real (*)[N])u, (real (*)[N])v); }
static void adjoint(void) { macro_sizes_b((const real (*)[N])u, (real (*)[N])u_b, (real (*)[N])v, (real (*)[N])v_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "macro_sizes",
        .size_meaning = "unused (N is a macro)",
        .check_size = 1,
        .time_size = 1,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"u", &u, &u_b, &u_len}, {"v", &v, &v_b, &v_len}},
        .nvariants = 1,
        .variants = {{"macro_sizes", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
