/* schedule(dynamic, 2) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(dynamic, 2)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * 3.0;
}
