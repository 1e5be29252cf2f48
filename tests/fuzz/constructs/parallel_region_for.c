/* parallel region with an orphan-free for inside */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = 3.0 * x[i];
    }
}
