/* A 1-D convolution (a FIR filter, or one channel of a convolutional layer) of width 2*R+1:
 * y[i] = sum over r = -R .. R of w[r+R] * x[i+r], for the points whose window lies inside x. */

#define R 3               /* half-width of the filter */
#define WIDTH (2 * R + 1) /* taps */

void conv1d(int n, const double w[WIDTH], const double *x, double *y)
{
#pragma omp parallel for schedule(static)
    for (int i = R; i < n - R; i++) {
        double acc = 0.0;
        for (int r = -R; r <= R; r++)
            acc += w[r + R] * x[i + r];
        y[i] = acc;
    }
}
