/* taskloop */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(4)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
