/* Driver for the team_reduction test kernel (see corpus/common/harness.h). The bias term depends on
 * the team size: finite differences and the adjoint run with the same OMP_NUM_THREADS. */
#include "../../../../corpus/common/harness.h"

void team_reduction(int n, const double *x, double bias, double *energy);
void team_reduction_b(int n, const double *x, double *x_b, double bias, double *bias_b, double *energy,
                      double *energy_b);

static int n;
static double *x, *x_b, *bias, *bias_b, *energy, *energy_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    x = HARNESS_DOUBLES(n); x_b = HARNESS_DOUBLES(n);
    bias = HARNESS_DOUBLES(1); bias_b = HARNESS_DOUBLES(1);
    energy = HARNESS_DOUBLES(1); energy_b = HARNESS_DOUBLES(1);
    lcg_seed(23);
    lcg_fill(x, n, -1.0, 1.0);
    bias[0] = 0.7;
    energy[0] = 0.0;
}

static void primal(void) { team_reduction(n, x, bias[0], energy); }
static void adjoint(void) { team_reduction_b(n, x, x_b, bias[0], bias_b, energy, energy_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "team_reduction",
        .size_meaning = "particles",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"x", &x, &x_b, &n_len}, {"bias", &bias, &bias_b, &one}, {"energy", &energy, &energy_b, &one}},
        .nvariants = 1,
        .variants = {{"team_reduction", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
