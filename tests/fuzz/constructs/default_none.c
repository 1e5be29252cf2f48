/* default(none) with shared */
void f(int n, double *x, double *y)
{
#pragma omp parallel for default(none) shared(n, x, y)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
