/* if clause */
void f(int n, double *x, double *y)
{
#pragma omp parallel for if(n > 16)
    for (int i = 0; i < n; i++)
        y[i] = x[i] * x[i];
}
