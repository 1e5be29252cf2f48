/* reduction(max) */
void f(int n, double *x, double *y)
{
    double m = -1e300;
#pragma omp parallel for reduction(max: m)
    for (int i = 0; i < n; i++)
        m = m > x[i] ? m : x[i];
    y[0] = m;
}
