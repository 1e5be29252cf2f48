/* lastprivate(conditional:) */
void f(int n, double *x, double *y)
{
    double t = 0.0;
#pragma omp parallel for lastprivate(conditional: t)
    for (int i = 0; i < n; i++)
        if (i % 3 == 0)
            t = x[i] * 2.0;
    y[0] = t;
}
