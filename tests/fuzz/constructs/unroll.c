/* unroll partial [flags: -fopenmp-version=51] */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp unroll partial(2)
        for (int j = 0; j < 4; j++)
            y[i] += x[i] * x[i];
    }
}
