/* Driver for the procedure_calls test kernel (see corpus/common/harness.h). */
#include "../../../../corpus/common/harness.h"

#define NV 3

void procedure_calls(int n, double dt, const double *q, double *flux, double *energy);
void procedure_calls_b(int n, double dt, double *dt_b, const double *q, double *q_b, double *flux, double *flux_b,
                       double *energy, double *energy_b);

static int n;
static double *dt, *dt_b, *q, *q_b, *flux, *flux_b, *energy, *energy_b;
static long cells, values, one = 1;

static void setup(int size)
{
    n = size;
    cells = n;
    values = (long)NV * n;
    dt = HARNESS_DOUBLES(1); dt_b = HARNESS_DOUBLES(1);
    q = HARNESS_DOUBLES(values); q_b = HARNESS_DOUBLES(values);
    flux = HARNESS_DOUBLES(values); flux_b = HARNESS_DOUBLES(values);
    energy = HARNESS_DOUBLES(cells); energy_b = HARNESS_DOUBLES(cells);
    lcg_seed(43);
    lcg_fill(q, values, 0.5, 1.5);
    dt[0] = 0.1;
}

static void primal(void) { procedure_calls(n, dt[0], q, flux, energy); }
static void adjoint(void) { procedure_calls_b(n, dt[0], dt_b, q, q_b, flux, flux_b, energy, energy_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "procedure_calls",
        .size_meaning = "number of cells",
        .check_size = 1000,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"dt", &dt, &dt_b, &one}, {"q", &q, &q_b, &values}, {"flux", &flux, &flux_b, &values},
                   {"energy", &energy, &energy_b, &cells}},
        .nvariants = 1,
        .variants = {{"procedure_calls", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
