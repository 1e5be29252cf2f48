/* firstprivate */
void f(int n, double *x, double *y)
{
    double c = 1.5;
#pragma omp parallel for firstprivate(c)
    for (int i = 0; i < n; i++)
        y[i] = c * x[i];
}
