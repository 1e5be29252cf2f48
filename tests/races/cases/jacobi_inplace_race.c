// adrace-expect: race definite
// adrace-race: 12 u
// In-place update: row i reads rows i-1 and i+1, which iterations i-1 and i+1 write.
#define N 512
double u[N][N], f[N][N];

void jacobi_inplace(double h2)
{
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]
                        + h2 * f[i][j]);
}
