/* Compact 17-point stencil ([FormAD] §7.1, the "large" stencil): iteration i
 * touches the points i-8 .. i and adds the contributions of every pair (i-d, i), d = 0 .. 8, in both
 * directions, so each iteration reads and writes the same nine points. Iterations nine apart are
 * independent: nine sweeps, each parallel. Together the sweeps give
 *     unew[j] += sum over d = -8 .. 8 of w[8+d]*uold[j+d]
 * inside the domain (the boundary treatment is omitted, as in the paper). */

void stencil_compact17(int n, const double *w, const double *uold, double *unew)
{
    for (int offset = 0; offset < 9; offset++) {
#pragma omp parallel for
        for (int i = 9 + offset; i < n - 1; i += 9) {
            unew[i] += w[8] * uold[i];
            unew[i] += w[7] * uold[i - 1];
            unew[i - 1] += w[9] * uold[i];
            unew[i] += w[6] * uold[i - 2];
            unew[i - 2] += w[10] * uold[i];
            unew[i] += w[5] * uold[i - 3];
            unew[i - 3] += w[11] * uold[i];
            unew[i] += w[4] * uold[i - 4];
            unew[i - 4] += w[12] * uold[i];
            unew[i] += w[3] * uold[i - 5];
            unew[i - 5] += w[13] * uold[i];
            unew[i] += w[2] * uold[i - 6];
            unew[i - 6] += w[14] * uold[i];
            unew[i] += w[1] * uold[i - 7];
            unew[i - 7] += w[15] * uold[i];
            unew[i] += w[0] * uold[i - 8];
            unew[i - 8] += w[16] * uold[i];
        }
    }
}
