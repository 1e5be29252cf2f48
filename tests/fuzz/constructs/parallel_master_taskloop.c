/* parallel master taskloop simd */
void f(int n, double *x, double *y)
{
#pragma omp parallel master taskloop simd
    for (int i = 0; i < n; i++)
        y[i] = x[i] + x[i];
}
