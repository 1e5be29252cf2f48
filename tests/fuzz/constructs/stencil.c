/* three-point stencil */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        y[i] = x[i - 1] - 2.0 * x[i] + x[i + 1];
}
