/* target parallel for */
void f(int n, double *x, double *y)
{
#pragma omp target parallel for map(to: x[0:n]) map(from: y[0:n])
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
}
