/* two taskloops, a taskwait and a taskgroup in one single */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp taskloop nogroup
        for (int i = 0; i < n; i++)
            y[i] = 2.0 * y[i];
#pragma omp taskwait
#pragma omp taskloop
        for (int i = 0; i < n; i++)
            y[i] = y[i] * x[i];
#pragma omp taskgroup
        {
#pragma omp task
            y[0] = y[0] + 1.0;
        }
    }
}
