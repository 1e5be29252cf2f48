// adrace-expect: race-free
// VLA parameter a[n][m]; the recurrence runs along j inside one parallel iteration i.
void vla_param(int n, int m, double a[n][m])
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m; j++)
      a[i][j] += a[i][j - 1];
}
