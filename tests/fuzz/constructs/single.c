/* single */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp single
        y[0] = x[0] * x[0];
#pragma omp for
        for (int i = 1; i < n; i++)
            y[i] = x[i];
    }
}
