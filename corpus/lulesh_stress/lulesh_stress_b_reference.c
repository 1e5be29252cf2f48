/* Hand-written reverse-mode adjoint of lulesh_stress (the test oracle), written in matrix form rather
 * than statement by statement, so that it does not share the kernel's text.
 *
 * Per element, with X[d][n] the coordinate d (x, y, z) of local node n and s[n] the natural
 * coordinates (xi, eta, zeta) = (+-1, +-1, +-1) of node n:
 *   J[d][a] = 1/8 sum_n s[n][a] X[d][n]                  (fj.. in the kernel: fjxet = J[0][1], ...)
 *   C = cofactor matrix of J:  C[d][a] = J[d1][a1] J[d2][a2] - J[d1][a2] J[d2][a1],
 *       d1 = d+1, d2 = d+2, a1 = a+1, a2 = a+2 (mod 3)   (cj.. in the kernel)
 *   B[d][n] = sum_a s[n][a] C[d][a]
 *   determ = 8 sum_d J[d][1] C[d][1]   (= 8 det J)
 *   f_d[8e + n] = -sig_d B[d][n]
 * Adjoint, elements in reverse order (the inputs are never written, so the forward values are
 * recomputed):
 *   sig_b[d] -= sum_n B[d][n] f_b[d][n];  B_b[d][n] = -sig_d f_b[d][n];  f_b = 0
 *   C_b[d][a] = sum_n s[n][a] B_b[d][n] + 8 determ_b J[d][1] [a == 1];  J_b[d][1] += 8 determ_b C[d][1]
 *   J_b += the cofactor's partials;  X_b[d][n] += 1/8 sum_a s[n][a] J_b[d][a];  x_b[node] += X_b[0][n], ... */

static const int natural[8][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
                                  {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};

void lulesh_stress_b(int numElem, int numNode, const int *nodelist, const double *x, double *x_b, const double *y,
                     double *y_b, const double *z, double *z_b, const double *sigxx, double *sigxx_b,
                     const double *sigyy, double *sigyy_b, const double *sigzz, double *sigzz_b, double *determ,
                     double *determ_b, double *fx_elem, double *fx_elem_b, double *fy_elem, double *fy_elem_b,
                     double *fz_elem, double *fz_elem_b)
{
    (void)numNode;
    const double *coord[3] = {x, y, z};
    double *coord_b[3] = {x_b, y_b, z_b};
    const double *sig[3] = {sigxx, sigyy, sigzz};
    double *sig_b[3] = {sigxx_b, sigyy_b, sigzz_b};
    double *force_b[3] = {fx_elem_b, fy_elem_b, fz_elem_b};
    (void)determ;
    (void)fx_elem;
    (void)fy_elem;
    (void)fz_elem;

    for (int e = numElem - 1; e >= 0; e--) {
        /* forward values */
        double X[3][8], J[3][3], C[3][3], B[3][8];
        for (int d = 0; d < 3; d++)
            for (int n = 0; n < 8; n++) X[d][n] = coord[d][nodelist[8 * e + n]];
        for (int d = 0; d < 3; d++)
            for (int a = 0; a < 3; a++) {
                J[d][a] = 0.0;
                for (int n = 0; n < 8; n++) J[d][a] += 0.125 * natural[n][a] * X[d][n];
            }
        for (int d = 0; d < 3; d++)
            for (int a = 0; a < 3; a++) {
                int d1 = (d + 1) % 3, d2 = (d + 2) % 3, a1 = (a + 1) % 3, a2 = (a + 2) % 3;
                C[d][a] = J[d1][a1] * J[d2][a2] - J[d1][a2] * J[d2][a1];
            }
        for (int d = 0; d < 3; d++)
            for (int n = 0; n < 8; n++)
                B[d][n] = natural[n][0] * C[d][0] + natural[n][1] * C[d][1] + natural[n][2] * C[d][2];

        /* forces f_d[8e+n] = -sig_d B[d][n] */
        double B_b[3][8];
        for (int d = 0; d < 3; d++)
            for (int n = 7; n >= 0; n--) {
                double f_b = force_b[d][8 * e + n];
                force_b[d][8 * e + n] = 0.0;
                sig_b[d][e] -= B[d][n] * f_b;
                B_b[d][n] = -sig[d][e] * f_b;
            }

        /* determ = 8 sum_d J[d][1] C[d][1] */
        double det_b = determ_b[e];
        determ_b[e] = 0.0;
        double C_b[3][3], J_b[3][3];
        for (int d = 0; d < 3; d++)
            for (int a = 0; a < 3; a++) {
                J_b[d][a] = a == 1 ? 8.0 * det_b * C[d][1] : 0.0;
                C_b[d][a] = a == 1 ? 8.0 * det_b * J[d][1] : 0.0;
            }

        /* B = C s^T */
        for (int d = 0; d < 3; d++)
            for (int n = 0; n < 8; n++)
                for (int a = 0; a < 3; a++) C_b[d][a] += natural[n][a] * B_b[d][n];

        /* cofactors */
        for (int d = 0; d < 3; d++)
            for (int a = 0; a < 3; a++) {
                int d1 = (d + 1) % 3, d2 = (d + 2) % 3, a1 = (a + 1) % 3, a2 = (a + 2) % 3;
                J_b[d1][a1] += C_b[d][a] * J[d2][a2];
                J_b[d2][a2] += C_b[d][a] * J[d1][a1];
                J_b[d1][a2] -= C_b[d][a] * J[d2][a1];
                J_b[d2][a1] -= C_b[d][a] * J[d1][a2];
            }

        /* J = 1/8 X s, then the gather */
        for (int d = 0; d < 3; d++)
            for (int n = 7; n >= 0; n--) {
                double X_b = 0.0;
                for (int a = 0; a < 3; a++) X_b += 0.125 * natural[n][a] * J_b[d][a];
                coord_b[d][nodelist[8 * e + n]] += X_b;
            }
    }
}
