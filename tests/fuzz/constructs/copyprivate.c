/* single copyprivate */
void f(int n, double *x, double *y)
{
    double c;
#pragma omp parallel private(c)
    {
#pragma omp single copyprivate(c)
        c = 3.0;
#pragma omp for
        for (int i = 0; i < n; i++)
            y[i] = c * x[i];
    }
}
