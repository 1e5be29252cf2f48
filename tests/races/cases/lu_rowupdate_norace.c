// adrace-expect: race-free
// Right-looking LU: for each pivot k the parallel loop covers rows i > k, which write only row i and read the untouched pivot row k.
void lu_decompose(int n, double a[n][n])
{
  for (int k = 0; k < n - 1; k++) {
#pragma omp parallel for
    for (int i = k + 1; i < n; i++) {
      a[i][k] /= a[k][k];
      for (int j = k + 1; j < n; j++)
        a[i][j] -= a[i][k] * a[k][j];
    }
  }
}
