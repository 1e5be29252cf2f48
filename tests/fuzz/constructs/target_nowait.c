/* target teams distribute parallel for nowait beside host work that only reads x, then taskwait */
void f(int n, double *x, double *y)
{
    int i;
    double norm = 0.0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n]) nowait
    for (i = 0; i < n; i++)
        y[i] = x[i] * x[i];
    for (i = 0; i < n; i++)
        norm += x[i];
#pragma omp taskwait
    y[0] += 0.5 * norm;
}
