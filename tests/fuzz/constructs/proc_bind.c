/* proc_bind(close) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for proc_bind(close)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 6.0;
}
