/* barrier between phases */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            y[i] = x[i] * x[i];
#pragma omp barrier
#pragma omp for
        for (int i = 0; i < n; i++)
            x[i] = 0.5 * y[i];
    }
}
