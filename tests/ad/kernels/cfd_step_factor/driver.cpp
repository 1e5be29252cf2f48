// Driver for the cfd_step_factor test kernel (see corpus/common/harness.h), compiled as C++: cells
// in blocks of 8 (the kernel's block_length), densities and energies that keep every pressure
// positive. Float data: the step is 1e-3 and the tolerance 1e-3, as for math_float.
#include "../../../../corpus/common/harness.h"

void cfd_step_factor(int nelr, float* __restrict variables, float* areas, float* __restrict step_factors);
void cfd_step_factor_b(int nelr, float* __restrict variables, float* __restrict variables_b, float* areas,
                       float* areas_b, float* __restrict step_factors, float* __restrict step_factors_b);

static int nelr;
static float *variables, *variables_b, *areas, *areas_b, *step_factors, *step_factors_b;
static long values, cells;

static float* floats(long count) { return static_cast<float*>(harness_alloc(static_cast<size_t>(count) * sizeof(float))); }

static void setup(int blocks)
{
    nelr = 8 * blocks;
    cells = nelr;
    values = 5L * nelr;
    variables = floats(values); variables_b = floats(values);
    areas = floats(cells); areas_b = floats(cells);
    step_factors = floats(cells); step_factors_b = floats(cells);
    lcg_seed(73);
    for (int i = 0; i < nelr; i++) {
        variables[i + 0 * nelr] = static_cast<float>(lcg_uniform(1.0, 2.0));
        for (int d = 1; d <= 3; d++) variables[i + d * nelr] = static_cast<float>(lcg_uniform(-0.3, 0.3));
        variables[i + 4 * nelr] = static_cast<float>(lcg_uniform(2.5, 3.5));
        areas[i] = static_cast<float>(lcg_uniform(0.5, 1.5));
    }
}

static void primal(void) { cfd_step_factor(nelr, variables, areas, step_factors); }
static void adjoint(void)
{
    cfd_step_factor_b(nelr, variables, variables_b, areas, areas_b, step_factors, step_factors_b);
}

int main(int argc, char** argv)
{
    static const struct harness_kernel kernel = {
        .name = "cfd_step_factor",
        .size_meaning = "blocks of 8 cells",
        .check_size = 13,
        .time_size = 200000,
        .h = 1e-3,
        .setup = setup,
        .narrays = 3,
        .arrays = {{"variables", NULL, NULL, &values}, {"areas", NULL, NULL, &cells}, {"step_factors", NULL, NULL, &cells}},
        .nvariants = 1,
        .variants = {{"cfd_step_factor", primal, adjoint}},
        .tolerance = 1e-3,
        .storage = {{.value_f = &variables, .adjoint_f = &variables_b}, {.value_f = &areas, .adjoint_f = &areas_b},
                    {.value_f = &step_factors, .adjoint_f = &step_factors_b}},
    };
    return harness_main(argc, argv, &kernel);
}
