/* RACY: the single has nowait, so the loop reads y[0] while it is written */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp single nowait
        y[0] = x[0] * x[0];
#pragma omp for
        for (int i = 1; i < n; i++)
            y[i] = y[0] + x[i];
    }
}
