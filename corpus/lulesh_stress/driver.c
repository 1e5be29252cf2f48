/* Driver for lulesh_stress: gradient check and timing (see ../common/harness.h).
 * A structured mesh of N x N x N hexahedra on (N+1)^3 nodes, numbered and connected as LULESH builds
 * it (nodelist[8e .. 8e+7] = the element's corners in LULESH's local order); the node coordinates are
 * the unit-spaced lattice moved randomly by up to 0.1 in each direction. */
#include "../common/harness.h"

void lulesh_stress(int numElem, int numNode, const int *nodelist, const double *x, const double *y,
                   const double *z, const double *sigxx, const double *sigyy, const double *sigzz,
                   double *determ, double *fx_elem, double *fy_elem, double *fz_elem);
void lulesh_stress_b(int numElem, int numNode, const int *nodelist, const double *x, double *x_b, const double *y,
                     double *y_b, const double *z, double *z_b, const double *sigxx, double *sigxx_b,
                     const double *sigyy, double *sigyy_b, const double *sigzz, double *sigzz_b, double *determ,
                     double *determ_b, double *fx_elem, double *fx_elem_b, double *fy_elem, double *fy_elem_b,
                     double *fz_elem, double *fz_elem_b);

static int numElem, numNode;
static int *nodelist;
static double *x, *x_b, *y, *y_b, *z, *z_b;
static double *sigxx, *sigxx_b, *sigyy, *sigyy_b, *sigzz, *sigzz_b, *determ, *determ_b;
static double *fx_elem, *fx_elem_b, *fy_elem, *fy_elem_b, *fz_elem, *fz_elem_b;
static long node_len, elem_len, corner_len;

static void setup(int size)
{
    int edgeElems = size, edgeNodes = size + 1;
    numElem = edgeElems * edgeElems * edgeElems;
    numNode = edgeNodes * edgeNodes * edgeNodes;
    node_len = numNode;
    elem_len = numElem;
    corner_len = 8L * numElem;
    nodelist = HARNESS_INTS(corner_len);
    x = HARNESS_DOUBLES(node_len); x_b = HARNESS_DOUBLES(node_len);
    y = HARNESS_DOUBLES(node_len); y_b = HARNESS_DOUBLES(node_len);
    z = HARNESS_DOUBLES(node_len); z_b = HARNESS_DOUBLES(node_len);
    sigxx = HARNESS_DOUBLES(elem_len); sigxx_b = HARNESS_DOUBLES(elem_len);
    sigyy = HARNESS_DOUBLES(elem_len); sigyy_b = HARNESS_DOUBLES(elem_len);
    sigzz = HARNESS_DOUBLES(elem_len); sigzz_b = HARNESS_DOUBLES(elem_len);
    determ = HARNESS_DOUBLES(elem_len); determ_b = HARNESS_DOUBLES(elem_len);
    fx_elem = HARNESS_DOUBLES(corner_len); fx_elem_b = HARNESS_DOUBLES(corner_len);
    fy_elem = HARNESS_DOUBLES(corner_len); fy_elem_b = HARNESS_DOUBLES(corner_len);
    fz_elem = HARNESS_DOUBLES(corner_len); fz_elem_b = HARNESS_DOUBLES(corner_len);

    lcg_seed(14);
    long nidx = 0;
    for (int plane = 0; plane < edgeNodes; plane++)
        for (int row = 0; row < edgeNodes; row++)
            for (int col = 0; col < edgeNodes; col++, nidx++) {
                x[nidx] = col + lcg_uniform(-0.1, 0.1);
                y[nidx] = row + lcg_uniform(-0.1, 0.1);
                z[nidx] = plane + lcg_uniform(-0.1, 0.1);
            }
    int e = 0;
    for (int plane = 0; plane < edgeElems; plane++)
        for (int row = 0; row < edgeElems; row++)
            for (int col = 0; col < edgeElems; col++, e++) {
                int n0 = plane * edgeNodes * edgeNodes + row * edgeNodes + col;
                int *nl = nodelist + 8 * e;
                nl[0] = n0;
                nl[1] = n0 + 1;
                nl[2] = n0 + edgeNodes + 1;
                nl[3] = n0 + edgeNodes;
                nl[4] = n0 + edgeNodes * edgeNodes;
                nl[5] = n0 + edgeNodes * edgeNodes + 1;
                nl[6] = n0 + edgeNodes * edgeNodes + edgeNodes + 1;
                nl[7] = n0 + edgeNodes * edgeNodes + edgeNodes;
            }
    lcg_fill(sigxx, elem_len, -1.0, 0.0);
    lcg_fill(sigyy, elem_len, -1.0, 0.0);
    lcg_fill(sigzz, elem_len, -1.0, 0.0);
    lcg_fill(determ, elem_len, -1.0, 1.0);
    lcg_fill(fx_elem, corner_len, -1.0, 1.0);
    lcg_fill(fy_elem, corner_len, -1.0, 1.0);
    lcg_fill(fz_elem, corner_len, -1.0, 1.0);
}

static void primal(void)
{
    lulesh_stress(numElem, numNode, nodelist, x, y, z, sigxx, sigyy, sigzz, determ, fx_elem, fy_elem, fz_elem);
}

static void adjoint(void)
{
    lulesh_stress_b(numElem, numNode, nodelist, x, x_b, y, y_b, z, z_b, sigxx, sigxx_b, sigyy, sigyy_b, sigzz, sigzz_b,
                    determ, determ_b, fx_elem, fx_elem_b, fy_elem, fy_elem_b, fz_elem, fz_elem_b);
}

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "lulesh_stress",
        .size_meaning = "elements per edge of the cube mesh (N^3 elements)",
        .check_size = 6,
        .time_size = 64,
        .setup = setup,
        .narrays = 10,
        .arrays = {{"x", &x, &x_b, &node_len},
                   {"y", &y, &y_b, &node_len},
                   {"z", &z, &z_b, &node_len},
                   {"sigxx", &sigxx, &sigxx_b, &elem_len},
                   {"sigyy", &sigyy, &sigyy_b, &elem_len},
                   {"sigzz", &sigzz, &sigzz_b, &elem_len},
                   {"determ", &determ, &determ_b, &elem_len},
                   {"fx_elem", &fx_elem, &fx_elem_b, &corner_len},
                   {"fy_elem", &fy_elem, &fy_elem_b, &corner_len},
                   {"fz_elem", &fz_elem, &fz_elem_b, &corner_len}},
        .nvariants = 1,
        .variants = {{"lulesh_stress", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
