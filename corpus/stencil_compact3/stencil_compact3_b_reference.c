/* Hand-written reverse-mode adjoint of stencil_compact3 (the test oracle); the weights are passive.
 * Sweeps, iterations and statements in reverse order; each statement is an increment u += w*v,
 * whose adjoint is v_b += w*u_b with u_b unchanged ([FormAD] figure 1). */

void stencil_compact3_b(int n, double wl, double wc, double wr, const double *uold, double *uold_b,
                        double *unew, double *unew_b)
{
    (void)uold;
    (void)unew;
    for (int offset = 1; offset >= 0; offset--) {
        int first = 2 + offset;
        int count = n - 1 > first ? (n - first) / 2 : 0; /* i = first, first+2, ... < n-1 */
        for (int k = count - 1; k >= 0; k--) {
            int i = first + 2 * k;
            uold_b[i] += wr * unew_b[i - 1];   /* unew[i-1] += wr*uold[i] */
            uold_b[i] += wc * unew_b[i];       /* unew[i]   += wc*uold[i] */
            uold_b[i - 1] += wl * unew_b[i];   /* unew[i]   += wl*uold[i-1] */
        }
    }
}
