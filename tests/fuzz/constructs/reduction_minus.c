/* reduction(-) */
void f(int n, double *x, double *y)
{
    double s = 0.0;
#pragma omp parallel for reduction(-: s)
    for (int i = 0; i < n; i++)
        s -= x[i] * 2.0;
    y[0] = s;
}
