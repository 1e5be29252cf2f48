/* for nowait */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            y[i] = x[i] * 2.0;
    }
}
