/* simd nontemporal and if */
void f(int n, double *x, double *y)
{
#pragma omp simd nontemporal(y) if(n > 4)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
