/* Hand-written reverse-mode adjoint of green_gauss (the test oracle).
 * Colours, edges and statements in reverse order; dv is never written, so dvface is recomputed.
 *   grad[j] -= dvface*sij[ie]         =>  dvface_b -= sij[ie]*grad_b[j];  sij_b[ie] -= dvface*grad_b[j]
 *   grad[i] += dvface*sij[ie]         =>  dvface_b += sij[ie]*grad_b[i];  sij_b[ie] += dvface*grad_b[i]
 *   dvface = 0.5*(dv[i] + dv[j])      =>  dv_b[i] += 0.5*dvface_b;  dv_b[j] += 0.5*dvface_b
 * (grad is only incremented, so grad_b passes through unchanged). */

void green_gauss_b(int ncolors, int nnodes, const int *color_ia, const int *e2n, const double *sij,
                   double *sij_b, const double *dv, double *dv_b, double *grad, double *grad_b)
{
    (void)nnodes;
    (void)grad;
    for (int ic = ncolors - 1; ic >= 0; ic--) {
        for (int ie = color_ia[ic + 1] - 1; ie >= color_ia[ic]; ie--) {
            int i = e2n[2 * ie];
            int j = e2n[2 * ie + 1];
            if (i != j) {
                double dvface = 0.5 * (dv[i] + dv[j]);
                double dvface_b = 0.0;
                dvface_b -= sij[ie] * grad_b[j];
                sij_b[ie] -= dvface * grad_b[j];
                dvface_b += sij[ie] * grad_b[i];
                sij_b[ie] += dvface * grad_b[i];
                dv_b[i] += 0.5 * dvface_b;
                dv_b[j] += 0.5 * dvface_b;
            }
        }
    }
}
