/* cancel for with cancellation point */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        y[i] = x[i] * 2.0;
#pragma omp cancellation point for
        if (n < 0) {
#pragma omp cancel for
        }
    }
}
