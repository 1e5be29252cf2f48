/* RACY: every task of the taskloop adds into y[0] */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
    for (int i = 0; i < n; i++)
        y[0] += x[i];
}
