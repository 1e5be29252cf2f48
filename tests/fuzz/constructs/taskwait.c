/* task and taskwait */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp task
        y[0] = x[0] * x[0];
#pragma omp task
        y[1] = x[1] * 2.0;
#pragma omp taskwait
        y[2] = y[0] + y[1];
    }
}
