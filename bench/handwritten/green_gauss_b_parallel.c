/* Hand-written parallel adjoint of green_gauss: the limit the generated `formad` adjoint is measured
 * against (scripts/bench_adjoint.sh). Edges of one colour share no node, so the adjoint increments of
 * dv_b at the edge's nodes never collide: a plain `omp parallel for` per colour. Nothing is taped:
 * the nodes come from the (never written) index array e2n and the face value from the (never
 * written) dv, so both are recomputed. grad is only incremented, so grad_b passes through. */

void green_gauss_b(int ncolors, int nnodes, const int *color_ia, const int *e2n, const double *sij,
                   double *sij_b, const double *dv, double *dv_b, double *grad, double *grad_b)
{
    (void)nnodes;
    (void)grad;
    for (int ic = ncolors - 1; ic >= 0; ic--) {
#pragma omp parallel for
        for (int ie = color_ia[ic]; ie < color_ia[ic + 1]; ie++) {
            int i = e2n[2 * ie];
            int j = e2n[2 * ie + 1];
            if (i != j) {
                double dvface = 0.5 * (dv[i] + dv[j]);
                double flux_b = grad_b[i] - grad_b[j]; /* grad[i] += f, grad[j] -= f, f = dvface*sij[ie] */
                sij_b[ie] += dvface * flux_b;
                double dvface_b = sij[ie] * flux_b;
                dv_b[i] += 0.5 * dvface_b;
                dv_b[j] += 0.5 * dvface_b;
            }
        }
    }
}
