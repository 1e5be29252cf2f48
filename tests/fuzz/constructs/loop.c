/* loop construct */
void f(int n, double *x, double *y)
{
#pragma omp parallel
#pragma omp loop
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
