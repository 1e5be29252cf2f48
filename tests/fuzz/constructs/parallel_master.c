/* parallel master */
void f(int n, double *x, double *y)
{
#pragma omp parallel master
    {
        y[0] = x[0] * x[1];
    }
}
