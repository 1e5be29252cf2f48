/* num_threads */
void f(int n, double *x, double *y)
{
#pragma omp parallel for num_threads(2)
    for (int i = 0; i < n; i++)
        y[i] = x[i] + 1.0;
}
