/* RACY: the doacross loop posts its source but never waits on a sink */
void f(int n, double *x, double *y)
{
#pragma omp parallel for ordered(1)
    for (int i = 1; i < n; i++) {
        y[i] = y[i - 1] + x[i];
#pragma omp ordered depend(source)
    }
}
