/* ordered(1) with depend(sink/source) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
#pragma omp ordered depend(sink: i - 1)
        y[i] = y[i - 1] + x[i];
#pragma omp ordered depend(source)
    }
}
