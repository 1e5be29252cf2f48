/* Driver for the global_profiles test kernel (see corpus/common/harness.h): it allocates and fills
 * the file-scope profiles, as the model's setup does. */
#include "../../../../corpus/common/harness.h"

#define NX 24

extern double *hy_dens_cell, *hy_theta_cell;
void global_profiles(int nz, double dt, const double *state, double *tend);
void global_profiles_b(int nz, double dt, const double *state, double *state_b, double *tend, double *tend_b);

static int nz;
static double *state, *state_b, *tend, *tend_b;
static long len;

static void setup(int size)
{
    nz = size;
    len = (long)nz * NX;
    state = HARNESS_DOUBLES(len); state_b = HARNESS_DOUBLES(len);
    tend = HARNESS_DOUBLES(len); tend_b = HARNESS_DOUBLES(len);
    hy_dens_cell = HARNESS_DOUBLES(nz);
    hy_theta_cell = HARNESS_DOUBLES(nz);
    lcg_seed(43);
    lcg_fill(state, len, -0.1, 0.1);
    lcg_fill(hy_dens_cell, nz, 1.0, 1.2);
    lcg_fill(hy_theta_cell, nz, 290.0, 310.0);
}

static void primal(void) { global_profiles(nz, 0.5, state, tend); }
static void adjoint(void) { global_profiles_b(nz, 0.5, state, state_b, tend, tend_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "global_profiles",
        .size_meaning = "number of levels",
        .check_size = 40,
        .time_size = 40000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"state", &state, &state_b, &len}, {"tend", &tend, &tend_b, &len}},
        .nvariants = 1,
        .variants = {{"global_profiles", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
