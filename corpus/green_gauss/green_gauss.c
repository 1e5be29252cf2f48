/* Green-Gauss gradients on an edge-based unstructured mesh ([FormAD] §7.4).
 * Each edge ie joins the nodes e2n[2*ie] and e2n[2*ie+1] (of nnodes) and adds the face value times the
 * face coefficient sij[ie] to one node and subtracts it from the other. The edges are coloured so that
 * no two edges of a colour share a node: edges color_ia[ic] .. color_ia[ic+1]-1 have colour ic, and
 * each colour is one parallel loop. dv and grad hold one value per node (their declared extent). */

void green_gauss(int ncolors, int nnodes, const int *color_ia, const int *e2n, const double *sij,
                 const double dv[nnodes], double grad[nnodes])
{
    for (int ic = 0; ic < ncolors; ic++) {
#pragma omp parallel for
        for (int ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            int i = e2n[2 * ie];
            int j = e2n[2 * ie + 1];
            if (i != j) {
                double dvface = 0.5 * (dv[i] + dv[j]);
                grad[i] += dvface * sij[ie];
                grad[j] -= dvface * sij[ie];
            }
        }
    }
}
