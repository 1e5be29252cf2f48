/* schedule(nonmonotonic: guided, 3) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for schedule(nonmonotonic: guided, 3)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
