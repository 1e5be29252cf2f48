/* reduction over an array section */
void f(int n, double *x, double *y)
{
#pragma omp parallel for reduction(+: y[0:4])
    for (int i = 0; i < n; i++)
        y[i % 4] += x[i] * x[i];
}
