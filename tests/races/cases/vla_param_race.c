// adrace-expect: race definite
// adrace-race: 9 a
// VLA parameter a[n][m]; row i reads row i+1, which iteration i+1 writes.
void vla_param(int n, int m, double a[n][m])
{
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < m; j++)
      a[i][j] += a[i + 1][j];
}
