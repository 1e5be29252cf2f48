/* RACY: master writes, others read without a barrier */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp master
        y[0] = x[0];
#pragma omp for
        for (int i = 1; i < n; i++)
            y[i] = y[0] * x[i];
    }
}
