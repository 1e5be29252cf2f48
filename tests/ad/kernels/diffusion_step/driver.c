/* Driver for the diffusion_step test kernel (see corpus/common/harness.h). The fields are static arrays
 * of diffusion_step.c, reached through diffusion_field(); their adjoints are file-scope arrays of the
 * generated file, which includes diffusion_step.c and is compiled in its place. */
#include "../../../../corpus/common/harness.h"

#define NMAX 1000

extern double u_b[NMAX + 2], unew_b[NMAX + 2], kappa_b[NMAX + 2];
int diffusion_setup(int points, double step);
double *diffusion_field(int which);
void diffusion_step(void);
void diffusion_step_b(void);

static double *u, *unew, *kappa, *u_adjoint, *unew_adjoint, *kappa_adjoint;
static long len = NMAX + 2;

static void setup(int size)
{
    if (diffusion_setup(size, 0.2) != 0) {
        fprintf(stderr, "diffusion_step: at most %d points\n", NMAX);
        exit(2);
    }
    u = diffusion_field(0);
    unew = diffusion_field(1);
    kappa = diffusion_field(2);
    u_adjoint = u_b;
    unew_adjoint = unew_b;
    kappa_adjoint = kappa_b;
    lcg_seed(29);
    lcg_fill(u, len, -1.0, 1.0);
    lcg_fill(unew, len, -1.0, 1.0);
    lcg_fill(kappa, len, 0.5, 1.5);
}

static void primal(void) { diffusion_step(); }
static void adjoint(void) { diffusion_step_b(); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "diffusion_step",
        .size_meaning = "number of points (at most 1000)",
        .check_size = 200,
        .time_size = 1000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"u", &u, &u_adjoint, &len}, {"unew", &unew, &unew_adjoint, &len}, {"kappa", &kappa, &kappa_adjoint, &len}},
        .nvariants = 1,
        .variants = {{"diffusion_step", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
