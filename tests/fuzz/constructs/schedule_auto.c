/* schedule(auto) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(auto)
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
}
