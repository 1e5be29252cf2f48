/* requires */
#pragma omp requires atomic_default_mem_order(seq_cst)

void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
