/* schedule(runtime) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(runtime)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
