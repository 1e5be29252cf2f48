/* parallel for simd */
void f(int n, double *x, double *y)
{
#pragma omp parallel for simd
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i] * 0.5;
}
