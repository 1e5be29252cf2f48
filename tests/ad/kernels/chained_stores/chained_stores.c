/* Test kernel for `adrace adjoint` (not a corpus case): chained assignments as C codes write them,
 * `a = b = e` storing one value twice, in a parallel loop with a private scratch scalar, C89
 * counters and a branch. Each chain is split into one store per statement before differentiation.
 *   y[i] = r = x[i]^2;  z[i] = w[i] = r x[i-1]  (x[i] > 0)  or  z[i] = w[i] = y[i] = (x[i+1] - r)/2 */
void chained_stores(int n, const double *x, double *y, double *z, double *w)
{
    int i;
    double r;

#pragma omp parallel for private(r) schedule(static)
    for (i = 1; i < n - 1; i++) {
        y[i] = r = x[i] * x[i]; /* the square, kept for the stores below */
        if (x[i] > 0.0)
            z[i] = w[i] = r * x[i - 1];
        else
            z[i] = w[i] = y[i] = 0.5 * (x[i + 1] - r);
    }
}
