/* RACY: nowait then reads the other loop's output */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp for nowait
        for (int i = 0; i < n; i++)
            y[i] = x[i] * 2.0;
#pragma omp for
        for (int i = 0; i < n; i++)
            x[i] = y[n - 1 - i];
    }
}
