// adrace-expect: race definite
// adrace-race: 9 a
// The parallel range starts at the pivot row: iteration i=k writes a[k][k] and a[k][j], which all other iterations read.
void lu_pivotrow(int n, double a[n][n])
{
  for (int k = 0; k < n - 1; k++) {
#pragma omp parallel for
    for (int i = k; i < n; i++) {
      a[i][k] /= a[k][k];
      for (int j = k + 1; j < n; j++)
        a[i][j] -= a[i][k] * a[k][j];
    }
  }
}
