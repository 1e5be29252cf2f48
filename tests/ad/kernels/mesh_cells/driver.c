/* Driver for the mesh_cells test kernel (see corpus/common/harness.h): the mesh's dx and its cells'
 * members are reached through the harness's get/set accessors. */
#include "../../../../corpus/common/harness.h"

typedef struct {
    double u;
    double k;
} cell_t;

typedef struct {
    int ncell;
    double dx;
    cell_t *cells;
} mesh_t;

void mesh_cells(const mesh_t *m, double *flux);
void mesh_cells_b(const mesh_t *m, mesh_t *m_b, double *flux, double *flux_b);

static int n;
static mesh_t m[1], m_b[1];
static double *flux, *flux_b;
static long mesh_len, flux_len;

/* Element e of the mesh: dx, then u and k of each cell. */
static double *mesh_member(mesh_t *x, long e)
{
    if (e == 0)
        return &x->dx;
    return (e - 1) % 2 == 0 ? &x->cells[(e - 1) / 2].u : &x->cells[(e - 1) / 2].k;
}
static double get_mesh(int which, long e) { return *mesh_member(which ? m_b : m, e); }
static void set_mesh(int which, long e, double v) { *mesh_member(which ? m_b : m, e) = v; }

static void setup(int size)
{
    n = size;
    mesh_len = 1 + 2L * n;
    flux_len = n;
    m[0].ncell = m_b[0].ncell = n;
    m[0].cells = (cell_t *)harness_alloc((size_t)n * sizeof(cell_t));
    m_b[0].cells = (cell_t *)harness_alloc((size_t)n * sizeof(cell_t));
    flux = HARNESS_DOUBLES(n);
    flux_b = HARNESS_DOUBLES(n);
    lcg_seed(29);
    for (int i = 0; i < n; i++) {
        m[0].cells[i].u = lcg_uniform(-1.0, 1.0);
        m[0].cells[i].k = lcg_uniform(0.5, 1.5);
    }
    m[0].dx = 0.25;
}

static void primal(void) { mesh_cells(m, flux); }
static void adjoint(void) { mesh_cells_b(m, m_b, flux, flux_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "mesh_cells",
        .size_meaning = "cells",
        .check_size = 2000,
        .time_size = 1000000,
        .setup = setup,
        .narrays = 2,
        .arrays = {{"m", NULL, NULL, &mesh_len}, {"flux", &flux, &flux_b, &flux_len}},
        .storage = {{.get = get_mesh, .set = set_mesh}, {0}},
        .nvariants = 1,
        .variants = {{"mesh_cells", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
