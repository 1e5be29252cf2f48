/* Driver for the critical_energy test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

void critical_energy(int n, const double *k, const double *u, double *energy);
void critical_energy_b(int n, const double *k, double *k_b, const double *u, double *u_b, double *energy,
                       double *energy_b);

static int n;
static double *k, *k_b, *u, *u_b, *energy, *energy_b;
static long n_len, one = 1;

static void setup(int size)
{
    n = size;
    n_len = n;
    k = HARNESS_DOUBLES(n); k_b = HARNESS_DOUBLES(n);
    u = HARNESS_DOUBLES(n); u_b = HARNESS_DOUBLES(n);
    energy = HARNESS_DOUBLES(1); energy_b = HARNESS_DOUBLES(1);
    lcg_seed(13);
    lcg_fill(k, n, 0.5, 1.5);
    lcg_fill(u, n, -1.0, 1.0);
    energy[0] = 0.25;
}

static void primal(void) { critical_energy(n, k, u, energy); }
static void adjoint(void) { critical_energy_b(n, k, k_b, u, u_b, energy, energy_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "critical_energy",
        .size_meaning = "springs",
        .check_size = 1001,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"k", &k, &k_b, &n_len}, {"u", &u, &u_b, &n_len}, {"energy", &energy, &energy_b, &one}},
        .nvariants = 1,
        .variants = {{"critical_energy", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
