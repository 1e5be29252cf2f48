/* Dense matrix-vector product y = A x, one row per iteration. */

void dense_matvec(int n, int m, const double A[n][m], const double *x, double *y)
{
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
        double sum = 0.0;
        for (int j = 0; j < m; j++)
            sum += A[i][j] * x[j];
        y[i] = sum;
    }
}
