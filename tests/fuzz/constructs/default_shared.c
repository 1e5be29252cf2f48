/* default(shared) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for default(shared)
    for (int i = 0; i < n; i++)
        y[i] = x[i] - 1.0;
}
