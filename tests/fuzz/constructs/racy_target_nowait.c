/* RACY: the host reads y while the target nowait task may still write it */
void f(int n, double *x, double *y)
{
    int i;
    double first = 0.0;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: y[0:n]) nowait
    for (i = 0; i < n; i++)
        y[i] = x[i] * x[i];
    first = y[0];
#pragma omp taskwait
    y[0] += first;
}
