/* private */
void f(int n, double *x, double *y)
{
    double t;
#pragma omp parallel for private(t)
    for (int i = 0; i < n; i++) {
        t = x[i] * 2.0;
        y[i] = t * t;
    }
}
