/* Driver for the field_energy test kernel (see corpus/common/harness.h). Float data: the step is
 * 1e-3 and the tolerance 1e-3, as for math_float. Both the primal and the adjoint must return
 * FE_OK on the grid, and the adjoint must return the primal's guard statuses on a grid too small
 * and without an output (the check stops otherwise). */
#include "../../../../corpus/common/harness.h"

int field_energy(int n, const float *phi, float kappa, float *energy);
int field_energy_b(int n, const float *phi, float *phi_b, float kappa, float *kappa_b, float *energy,
                   float *energy_b);

static int n;
static float *phi, *phi_b, *kappa, *kappa_b, *energy, *energy_b;
static long cells, one = 1;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void expect(int status, int expected, const char *who)
{
    if (status != expected) {
        fprintf(stderr, "%s returned status %d, not %d\n", who, status, expected);
        exit(1);
    }
}

static void setup(int size)
{
    n = size;
    cells = (long)n * n;
    phi = floats(cells); phi_b = floats(cells);
    kappa = floats(1); kappa_b = floats(1);
    energy = floats(1); energy_b = floats(1);
    lcg_seed(59);
    for (long e = 0; e < cells; e++) phi[e] = (float)lcg_uniform(-1.0, 1.0);
    kappa[0] = 0.3f;
    /* the guards: the same status from both, and nothing differentiated */
    expect(field_energy(2, phi, kappa[0], energy), -1, "field_energy (n = 2)");
    expect(field_energy_b(2, phi, phi_b, kappa[0], kappa_b, energy, energy_b), -1, "field_energy_b (n = 2)");
    expect(field_energy(n, phi, kappa[0], NULL), 2, "field_energy (no output)");
    expect(field_energy_b(n, phi, phi_b, kappa[0], kappa_b, NULL, energy_b), 2, "field_energy_b (no output)");
}

static void primal(void) { expect(field_energy(n, phi, kappa[0], energy), 0, "field_energy"); }
static void adjoint(void)
{
    expect(field_energy_b(n, phi, phi_b, kappa[0], kappa_b, energy, energy_b), 0, "field_energy_b");
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "field_energy",
        .size_meaning = "grid points per side",
        .check_size = 23,
        .time_size = 3000,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"phi", NULL, NULL, &cells}, {"kappa", NULL, NULL, &one}, {"energy", NULL, NULL, &one}},
        .nvariants = 1,
        .variants = {{"field_energy", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &phi, .adjoint_f = &phi_b}, {.value_f = &kappa, .adjoint_f = &kappa_b},
                    {.value_f = &energy, .adjoint_f = &energy_b}},
    };
    return harness_main(argc, argv, &kernel);
}
