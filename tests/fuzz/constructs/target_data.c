/* target data around target teams distribute */
void f(int n, double *x, double *y)
{
#pragma omp target data map(to: x[0:n]) map(tofrom: y[0:n])
    {
#pragma omp target teams distribute parallel for simd
        for (int i = 0; i < n; i++)
            y[i] = x[i] * 3.0;
    }
}
