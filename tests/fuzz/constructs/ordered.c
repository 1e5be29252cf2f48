/* ordered */
void f(int n, double *x, double *y)
{
#pragma omp parallel for ordered
    for (int i = 0; i < n; i++) {
        y[i] = x[i] * x[i];
#pragma omp ordered
        y[n] += y[i];
    }
}
