/* for simd in a parallel region */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp for simd
    for (int i = 0; i < n; i++)
        y[i] = x[i] + x[i] * x[i];
}
