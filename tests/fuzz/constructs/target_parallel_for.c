/* target teams distribute parallel for */
void f(int n, double *x, double *y)
{
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
