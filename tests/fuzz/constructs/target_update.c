/* target enter/exit data and update */
void f(int n, double *x, double *y)
{
#pragma omp target enter data map(to: x[0:n]) map(alloc: y[0:n])
#pragma omp target teams distribute parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
#pragma omp target update from(y[0:n])
#pragma omp target exit data map(delete: x[0:n], y[0:n])
}
