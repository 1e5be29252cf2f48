/* reduction(*) */
void f(int n, double *x, double *y)
{
    double p = 1.0;
#pragma omp parallel for reduction(*: p)
    for (int i = 0; i < 8; i++)
        p *= 1.0 + 0.1 * x[i];
    y[0] = p;
}
