/* atomic update */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic update
        y[0] += x[i] * x[i];
    }
}
