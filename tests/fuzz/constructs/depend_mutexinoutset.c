/* depend(mutexinoutset) */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp single
    {
#pragma omp task depend(mutexinoutset: y[0])
        y[0] += x[0];
#pragma omp task depend(mutexinoutset: y[0])
        y[0] += x[1];
    }
}
