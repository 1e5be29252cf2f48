/* Test kernel for `adrace adjoint` (not a corpus case): one step of Burgers' equation with a
 * second-order upwind reconstruction, as finite-volume codes write it. The van Leer limiter returns
 * early where the two slopes differ in sign (an extremum: the reconstruction falls back to first
 * order), and the loop calls it twice per cell, once for each face.
 *   qnew[i] = q[i] - dt * (r^2 - l^2),  r = q[i] + phi(q[i] - q[i-1], q[i+1] - q[i]) / 2,
 *                                       l = q[i-1] + phi(q[i-1] - q[i-2], q[i] - q[i-1]) / 2 */
static double van_leer(double a, double b)
{
    double p = a * b;
    if (p <= 0.0)
        return 0.0; /* slopes of opposite signs */
    return 2.0 * p / (a + b);
}

void flux_limiter(int n, double dt, const double *q, double *qnew)
{
    int i;

#pragma omp parallel for
    for (i = 2; i < n - 2; i++) {
        double right = q[i] + 0.5 * van_leer(q[i] - q[i - 1], q[i + 1] - q[i]);
        double left = q[i - 1] + 0.5 * van_leer(q[i - 1] - q[i - 2], q[i] - q[i - 1]);
        qnew[i] = q[i] - dt * (right * right - left * left);
    }
}
