/* sections inside a parallel region */
void f(int n, double *x, double *y)
{
#pragma omp parallel
    {
#pragma omp sections
        {
#pragma omp section
            y[0] = x[0] * 2.0;
#pragma omp section
            y[1] = x[1] * 3.0;
        }
    }
}
