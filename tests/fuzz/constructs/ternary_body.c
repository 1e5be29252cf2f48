/* conditional expression */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[i] > 0.0 ? x[i] * x[i] : -x[i];
}
