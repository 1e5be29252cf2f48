/* Driver for the cfd_fluxes test kernel (see corpus/common/harness.h): a side x side grid of cells,
 * each with its four neighbours, -1 past the edge (a wall). Float data: the step is 1e-3 and the
 * tolerance 1e-3, as for math_float; densities and energies keep every pressure positive. */
#include "../../../../corpus/common/harness.h"

#define NVAR 5
#define NNB 4
#define NDIM 3

void cfd_fluxes(int nelr, const int *elements_surrounding_elements, const float *normals, const float *variables,
                float *fluxes);
void cfd_fluxes_b(int nelr, const int *elements_surrounding_elements, const float *normals, const float *variables,
                  float *variables_b, float *fluxes, float *fluxes_b);

static int nelr;
static int *neighbours;
static float *normals, *variables, *variables_b, *fluxes, *fluxes_b;
static long values;

static float *floats(long count) { return (float *)harness_alloc((size_t)count * sizeof(float)); }

static void setup(int side)
{
    nelr = side * side;
    values = (long)nelr * NVAR;
    neighbours = (int *)harness_alloc((size_t)nelr * NNB * sizeof(int));
    normals = floats((long)nelr * NNB * NDIM);
    variables = floats(values); variables_b = floats(values);
    fluxes = floats(values); fluxes_b = floats(values);
    lcg_seed(71);
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++) {
            int i = r * side + c;
            neighbours[i * NNB + 0] = c > 0 ? i - 1 : -1;
            neighbours[i * NNB + 1] = c < side - 1 ? i + 1 : -1;
            neighbours[i * NNB + 2] = r > 0 ? i - side : -1;
            neighbours[i * NNB + 3] = r < side - 1 ? i + side : -1;
        }
    for (long k = 0; k < (long)nelr * NNB * NDIM; k++) normals[k] = (float)lcg_uniform(-1.0, 1.0);
    for (int i = 0; i < nelr; i++) {
        variables[i + 0 * nelr] = (float)lcg_uniform(1.0, 2.0);
        for (int d = 1; d <= NDIM; d++) variables[i + d * nelr] = (float)lcg_uniform(-0.3, 0.3);
        variables[i + 4 * nelr] = (float)lcg_uniform(2.5, 3.5);
    }
}

static void primal(void) { cfd_fluxes(nelr, neighbours, normals, variables, fluxes); }
static void adjoint(void) { cfd_fluxes_b(nelr, neighbours, normals, variables, variables_b, fluxes, fluxes_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "cfd_fluxes",
        .size_meaning = "cells per side",
        .check_size = 9,
        .time_size = 700,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"variables", NULL, NULL, &values}, {"fluxes", NULL, NULL, &values}},
        .nvariants = 1,
        .variants = {{"cfd_fluxes", primal, adjoint}},
        .h = 1e-3,
        .tolerance = 1e-3,
        .storage = {{.value_f = &variables, .adjoint_f = &variables_b}, {.value_f = &fluxes, .adjoint_f = &fluxes_b}},
    };
    return harness_main(argc, argv, &kernel);
}
