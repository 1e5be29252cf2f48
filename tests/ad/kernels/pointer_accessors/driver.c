/* Driver for the pointer_accessors test kernel (see corpus/common/harness.h). The adjoint Mesh has
 * the primal's type: its floating fields point to (or hold) the adjoints. Elements share nodes. */
#include "../../../../corpus/common/harness.h"

#define NPE 2

typedef struct Mesh {
    double *m_x;
    int *m_conn;
    double *m_len;
    double *m_acc;
    double m_scale;
} Mesh;

void pointer_accessors(Mesh *mesh, int nelem);
void pointer_accessors_b(Mesh *mesh, Mesh *mesh_b, int nelem);

static Mesh mesh, mesh_b;
static int nelem;
static double *scale, *scale_b;
static long elements, nodes, one = 1;

static void setup(int size)
{
    long e;

    nelem = size;
    elements = nelem;
    nodes = (long)nelem + 1;
    mesh.m_x = HARNESS_DOUBLES(nodes); mesh_b.m_x = HARNESS_DOUBLES(nodes);
    mesh.m_len = HARNESS_DOUBLES(elements); mesh_b.m_len = HARNESS_DOUBLES(elements);
    mesh.m_acc = HARNESS_DOUBLES(elements); mesh_b.m_acc = HARNESS_DOUBLES(elements);
    mesh.m_conn = HARNESS_INTS(NPE * elements);
    mesh_b.m_conn = NULL;
    for (e = 0; e < nelem; e++) {
        mesh.m_conn[NPE * e] = (int)e;
        mesh.m_conn[NPE * e + 1] = (int)e + 1;
    }
    mesh.m_scale = 0.8;
    mesh_b.m_scale = 0.0;
    scale = &mesh.m_scale;
    scale_b = &mesh_b.m_scale;
    lcg_seed(53);
    lcg_fill(mesh.m_x, nodes, -1.0, 1.0);
    lcg_fill(mesh.m_acc, elements, -1.0, 1.0);
}

static void primal(void) { pointer_accessors(&mesh, nelem); }
static void adjoint(void) { pointer_accessors_b(&mesh, &mesh_b, nelem); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "pointer_accessors",
        .size_meaning = "number of elements",
        .check_size = 1000,
        .time_size = 2000000,
        .setup = setup,
        .narrays = 4,
        .arrays = {{"m_x", &mesh.m_x, &mesh_b.m_x, &nodes}, {"m_len", &mesh.m_len, &mesh_b.m_len, &elements},
                   {"m_acc", &mesh.m_acc, &mesh_b.m_acc, &elements}, {"m_scale", &scale, &scale_b, &one}},
        .nvariants = 1,
        .variants = {{"pointer_accessors", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
