/* Test kernel for `adrace adjoint` (not a corpus case): a 3x3 smoothing filter followed by one
 * explicit heat step, on a 2-D field stored as rows of a variable length (C99 `double (*)[nx]`), as
 * image-processing and diffusion codes write it: C89 counters, the filter's taps through a macro and
 * two inner loops over the offsets (a, b), the heat stencil spelled out neighbour by neighbour under
 * `#pragma omp simd`, a float coefficient taken firstprivate, a comment inside the expression. The
 * filter reads u[i + a][j + b], a family of terms with one subscript per counter: u_b is a gather
 * whose targets each run the (a, b) loops again (analyzer/verdicts/GatherAnalysis.h); the heat
 * step's smooth_b is a gather over its five neighbours. */
#define R 1 /* the filter's radius */
#define TAP(w, a, b) ((w)[(a) + R][(b) + R])

void blur_heat2d(int ny, int nx, const double w[2 * R + 1][2 * R + 1], float kappa, const double (*u)[nx],
                 double (*smooth)[nx], double (*unew)[nx])
{
    int i, j, a, b;

#pragma omp parallel for private(j, a, b) schedule(static)
    for (i = R; i < ny - R; i++)
        for (j = R; j < nx - R; j++) {
            double acc = 0.0;
            for (a = -R; a <= R; a++)
                for (b = -R; b <= R; b++)
                    acc += TAP(w, a, b) * u[i + a][j + b]; /* one tap */
            smooth[i][j] = acc;
        }

#pragma omp parallel for private(j) firstprivate(kappa) schedule(static)
    for (i = 2; i < ny - 2; i++) {
#pragma omp simd
        for (j = 2; j < nx - 2; j++)
            unew[i][j] = smooth[i][j] + kappa * (smooth[i][j - 1] + smooth[i][j + 1] /* along the row */
                                                 + smooth[i - 1][j] + smooth[i + 1][j] - 4.0 * smooth[i][j]);
    }
}
