/* Driver for the timed_update test kernel (see corpus/common/harness.h). The team size passed is the
 * one OMP_NUM_THREADS gives, so the kernel's omp_set_num_threads runs without changing the check;
 * verbose = 0 keeps the check's output clean. */
#include <omp.h>

#include "../../../../corpus/common/harness.h"

void timed_update(int n, int nthreads, int verbose, const double *x, double *y, int *team);
void timed_update_b(int n, int nthreads, int verbose, const double *x, double *x_b, double *y, double *y_b, int *team);

static int n, team[1];
static double *x, *x_b, *y, *y_b;
static long len;

static void setup(int size)
{
    n = size;
    len = n;
    x = HARNESS_DOUBLES(len); x_b = HARNESS_DOUBLES(len);
    y = HARNESS_DOUBLES(len); y_b = HARNESS_DOUBLES(len);
    lcg_seed(37);
    lcg_fill(x, len, -1.0, 1.0);
    lcg_fill(y, len, -1.0, 1.0);
}

static void primal(void) { timed_update(n, omp_get_max_threads(), 0, x, y, team); }
static void adjoint(void) { timed_update_b(n, omp_get_max_threads(), 0, x, x_b, y, y_b, team); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "timed_update",
        .size_meaning = "number of points",
        .check_size = 1000,
        .time_size = 10000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"x", &x, &x_b, &len}, {"y", &y, &y_b, &len}},
        .nvariants = 1,
        .variants = {{"timed_update", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
