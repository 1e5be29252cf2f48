/* A filter written as C89 code: counters declared first, the accumulator private and set on the
 * root, the inner loop over the taps counting down, a tap term that squares x, and a centre term read
 * on the root beside the loop. x's adjoint is a gather with two families of terms (one per read of
 * x in the inner loop) and one root term. */
#define HALF 2
#define TAPS (2 * HALF + 1)

void taps_c89(int n, double gain, const double *w, const double *x, double *y)
{
    int i, r;
    double acc;

#pragma omp parallel for private(r, acc) firstprivate(gain) schedule(static)
    for (i = HALF; i < n - HALF; i++) {
        acc = 0.0;
        for (r = HALF; r >= -HALF; r--)
            acc -= w[r + HALF] * x[i + r] * x[i + r /* squared */];
        y[i] = gain * x[i] + acc;
    }
}
