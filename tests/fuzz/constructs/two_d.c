/* row-major 2-D array */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            y[i * 4 + j] = x[j * 4 + i] * 2.0;
}
