/* tasks with depend */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(out: y[0])
        y[0] = x[0] * 3.0;
#pragma omp task depend(in: y[0]) depend(out: y[1])
        y[1] = y[0] * x[1];
    }
}
