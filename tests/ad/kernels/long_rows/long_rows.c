/* Test kernel for `adrace adjoint` (not a corpus case): a row-major m x n field, each output row
 * the product of two neighbouring input rows, as image and grid codes write it with a `long`
 * counter over rows so that i * n cannot overflow. Iterations i and i + 1 both read row i + 1 of a,
 * so a's adjoint needs a guard; its reduction copies need the element count, which the user gives
 * as the code computes it: --extent a=(long)(m+1)*n,b=(long)m*n. */
void long_rows(int m, int n, const double *a, double *b)
{
    long i;
    int j;

#pragma omp parallel for private(j)
    for (i = 0; i < m; i++)
        for (j = 0; j < n; j++)
            b[i * n + j] = a[i * n + j] * a[(i + 1) * n + j];
}
