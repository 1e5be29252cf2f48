/* shared clause */
void f(int n, double *x, double *y)
{
#pragma omp parallel for shared(x, y)
    for (int i = 0; i < n; i++)
        y[i] = 0.5 * x[i];
}
