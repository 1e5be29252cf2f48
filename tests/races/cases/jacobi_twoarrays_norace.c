// adrace-expect: race-free
// Jacobi sweep reads u and writes unew, distinct global arrays; unew[i][j] has one writer.
#define N 512
double u[N][N], unew[N][N], f[N][N];

void jacobi_twoarrays(double h2)
{
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++)
    for (int j = 1; j < N - 1; j++)
      unew[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]
                           + h2 * f[i][j]);
}
