/* A 2-D convolution filter as image and seismic codes write it: a (2R+1) x (2R+1) stencil of
 * weights, the output image smaller than the input by the halo, row-major images through an index
 * macro, C89 counters, and the taps' offsets coming from the inner loops. */
#define R 1
#define TAPS (2 * R + 1)
#define IDX(i, j, ld) ((i) * (ld) + (j))

void filter2d(int ny, int nx, const double *w, const double *in, double *out)
{
    int i, j, a, b;
    double acc;

#pragma omp parallel for private(j, a, b, acc) schedule(static)
    for (i = R; i < ny - R; i++) {
        for (j = R; j < nx - R; j++) {
            acc = 0.0;
            for (a = -R; a <= R; a++)
                for (b = -R; b <= R; b++)
                    acc += w[IDX(a + R, b + R, TAPS)] * in[IDX(i + a, j + b, nx)];
            out[IDX(i, j, nx)] = acc;
        }
    }
}
