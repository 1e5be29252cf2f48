/* RACY: with a dynamic schedule the second loop's iteration i may run before the first loop's */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for schedule(dynamic) nowait
        for (int i = 0; i < n; i++)
            y[i] = x[i] * x[i];
#pragma omp for schedule(dynamic)
        for (int i = 0; i < n; i++)
            x[i] = y[i] + 1.0;
    }
}
