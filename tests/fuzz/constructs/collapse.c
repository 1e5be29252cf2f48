/* collapse(2) */
void f(int n, double *x, double *y)
{
#pragma omp parallel for collapse(2)
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            y[4 * i + j] = x[4 * i + j] * x[i];
}
