/* master taskloop in a parallel region */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp master taskloop
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 2.0;
}
