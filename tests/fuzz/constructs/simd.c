/* simd */
void f(int n, double *x, double *y)
{
#pragma omp simd
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 2.0 + 1.0;
}
