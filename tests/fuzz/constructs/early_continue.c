/* early continue */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        y[i] = x[i];
        if (i % 2)
            continue;
        y[i] = x[i] * x[i];
    }
}
