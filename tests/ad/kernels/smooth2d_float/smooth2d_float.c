/* Regression kernel: per-thread reduction copies of a float array's adjoint. The adjoint used to sum
 * double copies through ((double *)x_b)[e]: wrong values and a global-buffer-overflow. */
void smooth2d_float(int n, const float x[64][64], float y[64][64])
{
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
        for (int j = 0; j < 64; j++)
            y[i][j] = x[i - 1][j] + x[i + 1][j];
}
