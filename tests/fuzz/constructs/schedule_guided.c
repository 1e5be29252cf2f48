/* schedule(guided) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(guided)
    for (int i = 0; i < n; i++)
        y[i] = x[i] + x[i] * x[i];
}
