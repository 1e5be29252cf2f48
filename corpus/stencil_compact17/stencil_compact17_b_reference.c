/* Hand-written reverse-mode adjoint of stencil_compact17 (the test oracle); the weights w are passive.
 * Sweeps, iterations and the 17 statements in reverse order; each statement is an increment
 * u += w*v, whose adjoint is v_b += w*u_b with u_b unchanged ([FormAD] figure 1). */

void stencil_compact17_b(int n, const double *w, const double *uold, double *uold_b, double *unew,
                         double *unew_b)
{
    (void)uold;
    (void)unew;
    for (int offset = 8; offset >= 0; offset--) {
        int first = 9 + offset;
        int count = n - 1 > first ? (n - 1 - first + 8) / 9 : 0; /* i = first, first+9, ... < n-1 */
        for (int k = count - 1; k >= 0; k--) {
            int i = first + 9 * k;
            for (int d = 8; d >= 1; d--) {
                uold_b[i] += w[8 + d] * unew_b[i - d];     /* unew[i-d] += w[8+d]*uold[i] */
                uold_b[i - d] += w[8 - d] * unew_b[i];     /* unew[i]   += w[8-d]*uold[i-d] */
            }
            uold_b[i] += w[8] * unew_b[i];                 /* unew[i]   += w[8]*uold[i] */
        }
    }
}
