// Driver for the field_relax test kernel (see corpus/common/harness.h), compiled as C++: the fields
// and their adjoints are structs of the same type whose arrays the driver allocates.
#include "../../../../corpus/common/harness.h"

#include <initializer_list>

struct Field {
    int nx, ny;
    double *u;
};

void field_relax(const Field &in, Field &out);
void field_relax_b(const Field &in, Field &in_b, Field &out, Field &out_b);

#define NX 40

static Field in, in_b, out, out_b;
static long len;

static void setup(int size)
{
    len = (long)NX * size;
    for (Field *f : {&in, &in_b, &out, &out_b}) {
        f->nx = NX;
        f->ny = size;
        f->u = HARNESS_DOUBLES(len);
    }
    lcg_seed(23);
    lcg_fill(in.u, len, 0.5, 1.5);
    lcg_fill(out.u, len, -1.0, 1.0);
}

static void primal(void) { field_relax(in, out); }
static void adjoint(void) { field_relax_b(in, in_b, out, out_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "field_relax",
        .size_meaning = "rows (of 40 points)",
        .check_size = 30,
        .time_size = 100000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"in", &in.u, &in_b.u, &len}, {"out", &out.u, &out_b.u, &len}},
        .nvariants = 1,
        .variants = {{"field_relax", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
