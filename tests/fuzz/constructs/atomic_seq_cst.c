/* atomic update seq_cst */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp atomic update seq_cst
        y[0] += 2.0 * x[i];
    }
}
