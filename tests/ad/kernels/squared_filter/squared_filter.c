/* A filter whose output squares the filtered sum (the energy of a band): s = sum over k = -W .. W of
 * w[k + W] * in[i + k], out[i] = s * s. The taps w come as a bare pointer, so their count 2W+1 is
 * known only from the subscripts' range over the inner loop's constant bounds. */
#define W 4

void squared_filter(int n, const double *w, const double *in, double *out)
{
#pragma omp parallel for schedule(static)
    for (int i = W; i < n - W; i++) {
        double s = 0.0;
        for (int k = -W; k <= W; k++)
            s += w[k + W] * in[i + k];
        out[i] = s * s;
    }
}
