/* threadprivate with copyin */
static double scale = 2.0;
#pragma omp threadprivate(scale)

void f(int n, double *x, double *y)
{
#pragma omp parallel for copyin(scale)
    for (int i = 0; i < n; i++)
        y[i] = scale * x[i];
}
