/* RACY: s is updated in a critical section but read outside it */
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp critical
        s += x[i];
        y[i] = s * x[i];
    }
}
