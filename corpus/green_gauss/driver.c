/* Driver for green_gauss: gradient check and timing (see ../common/harness.h).
 * The mesh is a chain of N nodes with N-1 edges, as in the paper's "simple, linear structure requiring
 * only 2 colors": colour 0 holds the even edges of the chain, colour 1 the odd ones, so no two edges
 * of a colour share a node. It is numbered as a real mesh is after a bandwidth-reducing renumbering:
 * irregularly, but locally. The node numbers along the chain are shuffled within blocks of 64, and
 * within a colour the edges come in an order shuffled within blocks of 64 and in random orientation
 * (a numbering random over the whole mesh would make every edge two cache misses, shared between
 * threads: the primal itself would not scale). Colour 1 also holds one degenerate edge (i == j),
 * which the kernel skips. */
#include "../common/harness.h"

void green_gauss(int ncolors, int nnodes, const int *color_ia, const int *e2n, const double *sij,
                 const double *dv, double *grad);
void green_gauss_b(int ncolors, int nnodes, const int *color_ia, const int *e2n, const double *sij,
                   double *sij_b, const double *dv, double *dv_b, double *grad, double *grad_b);

static int ncolors = 2, nnodes;
static int color_ia[3];
static int *e2n;
static double *sij, *sij_b, *dv, *dv_b, *grad, *grad_b;
static long edge_len, node_len;

static void setup(int size)
{
    nnodes = size < 3 ? 3 : size;
    int nchain = nnodes - 1;   /* chain edges (k, k+1) */
    int nedges = nchain + 1;   /* plus one degenerate edge */
    int neven = (nchain + 1) / 2;
    int *node = HARNESS_INTS(nnodes), *order_even = HARNESS_INTS(neven), *order_odd = HARNESS_INTS(nchain - neven);
    node_len = nnodes;
    edge_len = nedges;
    e2n = HARNESS_INTS(2 * nedges);
    sij = HARNESS_DOUBLES(edge_len); sij_b = HARNESS_DOUBLES(edge_len);
    dv = HARNESS_DOUBLES(node_len); dv_b = HARNESS_DOUBLES(node_len);
    grad = HARNESS_DOUBLES(node_len); grad_b = HARNESS_DOUBLES(node_len);

    lcg_seed(10);
    lcg_block_permutation(node, nnodes, 64);
    lcg_block_permutation(order_even, neven, 64);
    lcg_block_permutation(order_odd, nchain - neven, 64);
    int ie = 0;
    for (int q = 0; q < neven; q++, ie++) { /* colour 0: chain edges 0, 2, 4, ... */
        int k = 2 * order_even[q];
        int flip = lcg_int(2);
        e2n[2 * ie] = node[flip ? k + 1 : k];
        e2n[2 * ie + 1] = node[flip ? k : k + 1];
    }
    color_ia[0] = 0;
    color_ia[1] = ie;
    for (int q = 0; q < nchain - neven; q++, ie++) { /* colour 1: chain edges 1, 3, 5, ... */
        int k = 2 * order_odd[q] + 1;
        int flip = lcg_int(2);
        e2n[2 * ie] = node[flip ? k + 1 : k];
        e2n[2 * ie + 1] = node[flip ? k : k + 1];
    }
    e2n[2 * ie] = e2n[2 * ie + 1] = node[nnodes / 2]; /* degenerate edge: skipped by the kernel */
    ie++;
    color_ia[2] = ie;
    free(node);
    free(order_even);
    free(order_odd);

    lcg_fill(sij, edge_len, -1.0, 1.0);
    lcg_fill(dv, node_len, -1.0, 1.0);
    lcg_fill(grad, node_len, -1.0, 1.0);
}

static void primal(void) { green_gauss(ncolors, nnodes, color_ia, e2n, sij, dv, grad); }
static void adjoint(void) { green_gauss_b(ncolors, nnodes, color_ia, e2n, sij, sij_b, dv, dv_b, grad, grad_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "green_gauss",
        .size_meaning = "mesh nodes (a chain: N-1 edges in 2 colours, plus one degenerate edge)",
        .check_size = 4000,
        .time_size = 10000000,
        .h = 1e-4, /* the primal is quadratic: central differences are exact for any h */
        .setup = setup,
        .narrays = 3,
        .arrays = {{"sij", &sij, &sij_b, &edge_len}, {"dv", &dv, &dv_b, &node_len}, {"grad", &grad, &grad_b, &node_len}},
        .nvariants = 1,
        .variants = {{"green_gauss", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
