/* RACY: an atomic update of y[0] beside a plain read of it in every iteration */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 1; i < n; i++) {
#pragma omp atomic update
        y[0] += x[i];
        y[i] = 2.0 * y[0];
    }
}
