/* single nowait on disjoint data */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp single nowait
        y[n] = x[n] * x[n];
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = x[i] * 4.0;
    }
}
