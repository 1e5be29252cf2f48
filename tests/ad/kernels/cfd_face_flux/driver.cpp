// Driver for the cfd_face_flux test kernel (see corpus/common/harness.h), compiled as C++: a side x
// side grid of cells in blocks of 8 (the kernel's block_length), neighbours stored neighbour-major
// (`i + j * nelr`), -1 past the left and right edges (a wall) and -2 past the top and bottom (the
// far field). Densities and energies keep every pressure positive. Float data: the step is 1e-3 and
// the tolerance 1e-3, as for math_float.
#include "../../../../corpus/common/harness.h"

#define NNB 4

struct float3 {
    float x, y, z;
};
void cfd_face_flux(int nelr, int* elements_surrounding_elements, float* normals, float* variables, float* fluxes,
                   float* ff_variable, float3 ff_flux_contribution_momentum_x, float3 ff_flux_contribution_momentum_y,
                   float3 ff_flux_contribution_momentum_z, float3 ff_flux_contribution_density_energy);
void cfd_face_flux_b(int nelr, int* elements_surrounding_elements, float* normals, float* normals_b,
                     float* variables, float* variables_b, float* fluxes, float* fluxes_b, float* ff_variable,
                     float* ff_variable_b, float3 ff_flux_contribution_momentum_x,
                     float3 ff_flux_contribution_momentum_y, float3 ff_flux_contribution_momentum_z,
                     float3 ff_flux_contribution_density_energy);

static int nelr;
static int* neighbours;
static float *normals, *normals_b, *variables, *variables_b, *fluxes, *fluxes_b, *ff_variable, *ff_variable_b;
static long values, normal_count, five = 5;
static const float3 ff_x = {0.9f, 0.1f, -0.2f}, ff_y = {0.1f, 1.1f, 0.05f}, ff_z = {-0.2f, 0.05f, 1.2f},
                    ff_energy = {0.7f, -0.3f, 0.4f};

static float* floats(long count) { return static_cast<float*>(harness_alloc(static_cast<size_t>(count) * sizeof(float))); }

static void setup(int side)
{
    nelr = side * side;  // a multiple of 8 when side is
    values = 5L * nelr;
    normal_count = 3L * NNB * nelr;
    neighbours = static_cast<int*>(harness_alloc(static_cast<size_t>(nelr) * NNB * sizeof(int)));
    normals = floats(normal_count); normals_b = floats(normal_count);
    variables = floats(values); variables_b = floats(values);
    fluxes = floats(values); fluxes_b = floats(values);
    ff_variable = floats(5); ff_variable_b = floats(5);
    lcg_seed(79);
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++) {
            int i = r * side + c;
            neighbours[i + 0 * nelr] = c > 0 ? i - 1 : -1;
            neighbours[i + 1 * nelr] = c < side - 1 ? i + 1 : -1;
            neighbours[i + 2 * nelr] = r > 0 ? i - side : -2;
            neighbours[i + 3 * nelr] = r < side - 1 ? i + side : -2;
        }
    for (long k = 0; k < normal_count; k++) normals[k] = static_cast<float>(lcg_uniform(-1.0, 1.0));
    for (int i = 0; i < nelr; i++) {
        variables[i + 0 * nelr] = static_cast<float>(lcg_uniform(1.0, 2.0));
        for (int d = 1; d <= 3; d++) variables[i + d * nelr] = static_cast<float>(lcg_uniform(-0.3, 0.3));
        variables[i + 4 * nelr] = static_cast<float>(lcg_uniform(2.5, 3.5));
    }
    for (int v = 0; v < 5; v++) ff_variable[v] = static_cast<float>(lcg_uniform(0.5, 1.5));
}

static void primal(void)
{
    cfd_face_flux(nelr, neighbours, normals, variables, fluxes, ff_variable, ff_x, ff_y, ff_z, ff_energy);
}
static void adjoint(void)
{
    cfd_face_flux_b(nelr, neighbours, normals, normals_b, variables, variables_b, fluxes, fluxes_b, ff_variable,
                    ff_variable_b, ff_x, ff_y, ff_z, ff_energy);
}

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "cfd_face_flux",
        .size_meaning = "cells per side (a multiple of 8)",
        .check_size = 16,
        .time_size = 1024,
        .h = 1e-3,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"normals", NULL, NULL, &normal_count}, {"variables", NULL, NULL, &values},
                   {"fluxes", NULL, NULL, &values}, {"ff_variable", NULL, NULL, &five}},
        .nvariants = 1,
        .variants = {{"cfd_face_flux", primal, adjoint}},
        .tolerance = 1e-3,
        .storage = {{.value_f = &normals, .adjoint_f = &normals_b}, {.value_f = &variables, .adjoint_f = &variables_b},
                    {.value_f = &fluxes, .adjoint_f = &fluxes_b}, {.value_f = &ff_variable, .adjoint_f = &ff_variable_b}},
    };
    return harness_main(argc, argv, &kernel);
}
