/* Driver for the global_fields test kernel (see corpus/common/harness.h). The fields and their
 * adjoints are file-scope arrays: the primal's in global_fields.c, the adjoints in the generated file. */
#include "../../../../corpus/common/harness.h"

#define NX 64
#define NY 48
extern double q[NY][NX], flux[NY][NX];
extern double q_b[NY][NX], flux_b[NY][NX];
void global_fields_setup(double dt, double dx);
void global_fields(void);
void global_fields_b(void);

static double *q_data, *q_adjoint, *flux_data, *flux_adjoint;
static long cells = (long)NX * NY;

static void setup(int size)
{
    (void)size; /* the arrays have a fixed size */
    q_data = &q[0][0];
    q_adjoint = &q_b[0][0];
    flux_data = &flux[0][0];
    flux_adjoint = &flux_b[0][0];
    global_fields_setup(0.01, 0.1);
    lcg_seed(17);
    lcg_fill(q_data, cells, -1.0, 1.0);
    lcg_fill(flux_data, cells, -1.0, 1.0);
}

static void primal(void) { global_fields(); }
static void adjoint(void) { global_fields_b(); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "global_fields",
        .size_meaning = "ignored (the grid is NY x NX)",
        .check_size = NX,
        .time_size = NX,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"q", &q_data, &q_adjoint, &cells}, {"flux", &flux_data, &flux_adjoint, &cells}},
        .nvariants = 1,
        .variants = {{"global_fields", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
