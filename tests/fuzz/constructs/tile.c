/* tile [flags: -fopenmp-version=51] */
void f(int n, double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
#pragma omp tile sizes(4)
        for (int j = 0; j < 8; j++)
            y[i] += x[i] * j;
    }
}
