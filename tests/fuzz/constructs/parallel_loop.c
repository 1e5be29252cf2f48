/* parallel loop bind(parallel) */
void f(int n, double *x, double *y)
{
#pragma omp parallel loop
    for (int i = 0; i < n; i++)
        y[i] = x[i] + x[i];
}
