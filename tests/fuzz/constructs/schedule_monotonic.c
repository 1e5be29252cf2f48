/* schedule(monotonic: dynamic) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(monotonic: dynamic)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 4.0;
}
