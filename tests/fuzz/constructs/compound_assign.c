/* compound assignments */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        y[i] = x[i];
        y[i] *= x[i];
        y[i] -= 0.5 * x[i];
        y[i] /= 2.0;
    }
}
