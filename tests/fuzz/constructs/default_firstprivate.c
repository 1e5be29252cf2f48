/* default(firstprivate) [flags: -fopenmp-version=51] */
void f(int n, double *x, double *y)
{
    double c = 2.0;
#pragma omp parallel for default(firstprivate) shared(x, y)
    for (int i = 0; i < n; i++)
        y[i] = c * x[i];
}
