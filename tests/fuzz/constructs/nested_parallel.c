/* a nested parallel region */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < 4; i++) {
#pragma omp parallel for
        for (int j = 0; j < 4; j++)
            y[i * 4 + j] = x[i * 4 + j] * 2.0;
    }
}
