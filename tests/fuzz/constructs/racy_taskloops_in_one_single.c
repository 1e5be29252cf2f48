/* RACY: the first taskloop has nogroup and no taskwait follows it: the second reads y[i + 1] while it may still be written */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop nogroup
        for (int i = 0; i < n; i++)
            y[i] = 2.0 * y[i];
#pragma omp taskloop
        for (int i = 0; i < n - 1; i++)
            x[i] = y[i + 1];
    }
}
