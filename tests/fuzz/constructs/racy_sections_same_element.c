/* RACY: both sections write y[0] */
void f(int n, double *x, double *y)
{
#pragma omp parallel sections
    {
#pragma omp section
        y[0] = x[0];
#pragma omp section
        y[0] = x[1] * x[1];
    }
    (void)n;
}
