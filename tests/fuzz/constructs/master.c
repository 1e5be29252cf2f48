/* master */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp master
        y[0] = x[0] * 5.0;
#pragma omp barrier
#pragma omp for
        for (int i = 1; i < n; i++)
            y[i] = x[i] * x[i];
    }
}
