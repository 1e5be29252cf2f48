/* simd with linear, aligned, safelen */
void f(int n, double *x, double *y)
{
#pragma omp simd safelen(8) simdlen(4) aligned(x, y: 8)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
