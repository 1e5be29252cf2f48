/* linear */
void f(int n, double *x, double *y)
{
    int j = 0;
#pragma omp parallel for linear(j: 2)
    for (int i = 0; i < n / 2; i++) {
        y[j] = x[j] * 3.0;
        j += 2;
    }
}
