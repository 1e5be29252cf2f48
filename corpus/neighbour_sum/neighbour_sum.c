/* The lag-1 autocorrelation sum of a signal, sum over i of x[i]*x[i-1]: a reduction whose terms read
 * a neighbour, returned to the caller (the objective of a smoothing or a spectral fit). */

double neighbour_sum(int n, const double *x)
{
    double s = 0.0;
    int i;

#pragma omp parallel for reduction(+ : s) schedule(static)
    for (i = 1; i < n; i++)
        s += x[i] * x[i - 1];
    return s;
}
