/* Compact three-point stencil ([FormAD] §7.1): every iteration touches the
 * point pair (i-1, i) and adds both of its contributions, so each iteration reads and writes the
 * same two points. Iterations two apart are independent: two sweeps (even i, odd i), each parallel.
 * Together the sweeps give unew[i] += wl*uold[i-1] + wc*uold[i] + wr*uold[i+1] inside the domain
 * (the boundary treatment is omitted, as in the paper). */

void stencil_compact3(int n, double wl, double wc, double wr, const double *uold, double *unew)
{
    for (int offset = 0; offset <= 1; offset++) {
#pragma omp parallel for
        for (int i = 2 + offset; i < n - 1; i += 2) {
            unew[i] += wl * uold[i - 1];
            unew[i] += wc * uold[i];
            unew[i - 1] += wr * uold[i];
        }
    }
}
