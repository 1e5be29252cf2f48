/* sections */
void f(int n, double *x, double *y)
{
#pragma omp parallel sections
    {
#pragma omp section
        y[0] = x[0] * x[1];
#pragma omp section
        y[1] = x[2] * x[3];
    }
}
