/* Driver for lulesh_elem: gradient check and timing (see ../common/harness.h). LULESH's structured
 * mesh of N x N x N hexahedra on (N+1)^3 nodes (as in lulesh_stress), coordinates moved randomly by up
 * to 0.1, velocities in [-1, 1), a time step of 0.01. The unknowns are every floating field of the
 * Domain, m_deltatime included (a 1-element array at &domain.m_deltatime). */
#include "../common/harness.h"
#include "types.h"

void lulesh_elem(Domain *domain);
void lulesh_elem_b(Domain *domain, Domain *domain_b);

static Domain domain, domain_b;
static double *deltatime, *deltatime_b;
static long node_len, elem_len, one = 1;

static void setup(int size)
{
    int edgeElems = size, edgeNodes = size + 1;
    Domain *d = &domain, *b = &domain_b;
    d->m_numElem = b->m_numElem = edgeElems * edgeElems * edgeElems;
    d->m_numNode = b->m_numNode = edgeNodes * edgeNodes * edgeNodes;
    node_len = d->m_numNode;
    elem_len = d->m_numElem;
    d->m_nodelist = HARNESS_INTS(8 * elem_len);
    b->m_nodelist = NULL;
    d->m_x = HARNESS_DOUBLES(node_len); b->m_x = HARNESS_DOUBLES(node_len);
    d->m_y = HARNESS_DOUBLES(node_len); b->m_y = HARNESS_DOUBLES(node_len);
    d->m_z = HARNESS_DOUBLES(node_len); b->m_z = HARNESS_DOUBLES(node_len);
    d->m_xd = HARNESS_DOUBLES(node_len); b->m_xd = HARNESS_DOUBLES(node_len);
    d->m_yd = HARNESS_DOUBLES(node_len); b->m_yd = HARNESS_DOUBLES(node_len);
    d->m_zd = HARNESS_DOUBLES(node_len); b->m_zd = HARNESS_DOUBLES(node_len);
    d->m_volo = HARNESS_DOUBLES(elem_len); b->m_volo = HARNESS_DOUBLES(elem_len);
    d->m_v = HARNESS_DOUBLES(elem_len); b->m_v = HARNESS_DOUBLES(elem_len);
    d->m_vnew = HARNESS_DOUBLES(elem_len); b->m_vnew = HARNESS_DOUBLES(elem_len);
    d->m_delv = HARNESS_DOUBLES(elem_len); b->m_delv = HARNESS_DOUBLES(elem_len);
    d->m_arealg = HARNESS_DOUBLES(elem_len); b->m_arealg = HARNESS_DOUBLES(elem_len);
    d->m_vdov = HARNESS_DOUBLES(elem_len); b->m_vdov = HARNESS_DOUBLES(elem_len);
    d->m_deltatime = 0.01;
    b->m_deltatime = 0.0;
    deltatime = &d->m_deltatime;
    deltatime_b = &b->m_deltatime;

    lcg_seed(31);
    long nidx = 0;
    for (int plane = 0; plane < edgeNodes; plane++)
        for (int row = 0; row < edgeNodes; row++)
            for (int col = 0; col < edgeNodes; col++, nidx++) {
                d->m_x[nidx] = col + lcg_uniform(-0.1, 0.1);
                d->m_y[nidx] = row + lcg_uniform(-0.1, 0.1);
                d->m_z[nidx] = plane + lcg_uniform(-0.1, 0.1);
            }
    int e = 0;
    for (int plane = 0; plane < edgeElems; plane++)
        for (int row = 0; row < edgeElems; row++)
            for (int col = 0; col < edgeElems; col++, e++) {
                int n0 = plane * edgeNodes * edgeNodes + row * edgeNodes + col;
                int *nl = d->m_nodelist + 8 * e;
                nl[0] = n0;
                nl[1] = n0 + 1;
                nl[2] = n0 + edgeNodes + 1;
                nl[3] = n0 + edgeNodes;
                nl[4] = n0 + edgeNodes * edgeNodes;
                nl[5] = n0 + edgeNodes * edgeNodes + 1;
                nl[6] = n0 + edgeNodes * edgeNodes + edgeNodes + 1;
                nl[7] = n0 + edgeNodes * edgeNodes + edgeNodes;
            }
    lcg_fill(d->m_xd, node_len, -1.0, 1.0);
    lcg_fill(d->m_yd, node_len, -1.0, 1.0);
    lcg_fill(d->m_zd, node_len, -1.0, 1.0);
    lcg_fill(d->m_volo, elem_len, 0.9, 1.1);
    lcg_fill(d->m_v, elem_len, 0.9, 1.1);
    lcg_fill(d->m_vnew, elem_len, -1.0, 1.0);
    lcg_fill(d->m_delv, elem_len, -1.0, 1.0);
    lcg_fill(d->m_arealg, elem_len, -1.0, 1.0);
    lcg_fill(d->m_vdov, elem_len, -1.0, 1.0);
}

static void primal(void) { lulesh_elem(&domain); }
static void adjoint(void) { lulesh_elem_b(&domain, &domain_b); }

int main(int argc, char **argv)
{
    static const struct harness_kernel kernel = {
        .name = "lulesh_elem",
        .size_meaning = "elements per edge of the cube mesh (N^3 elements)",
        .check_size = 6,
        .time_size = 64,
        .setup = setup,
        .narrays = 13,
        .arrays = {{"m_x", &domain.m_x, &domain_b.m_x, &node_len},
                   {"m_y", &domain.m_y, &domain_b.m_y, &node_len},
                   {"m_z", &domain.m_z, &domain_b.m_z, &node_len},
                   {"m_xd", &domain.m_xd, &domain_b.m_xd, &node_len},
                   {"m_yd", &domain.m_yd, &domain_b.m_yd, &node_len},
                   {"m_zd", &domain.m_zd, &domain_b.m_zd, &node_len},
                   {"m_volo", &domain.m_volo, &domain_b.m_volo, &elem_len},
                   {"m_v", &domain.m_v, &domain_b.m_v, &elem_len},
                   {"m_vnew", &domain.m_vnew, &domain_b.m_vnew, &elem_len},
                   {"m_delv", &domain.m_delv, &domain_b.m_delv, &elem_len},
                   {"m_arealg", &domain.m_arealg, &domain_b.m_arealg, &elem_len},
                   {"m_vdov", &domain.m_vdov, &domain_b.m_vdov, &elem_len},
                   {"m_deltatime", &deltatime, &deltatime_b, &one}},
        .nvariants = 1,
        .variants = {{"lulesh_elem", primal, adjoint}},
    };
    return harness_main(argc, argv, &kernel);
}
