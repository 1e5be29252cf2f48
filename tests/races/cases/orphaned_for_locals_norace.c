// adrace-expect: race-free
// An orphaned `omp for` in a function called from a parallel region: the function's locals
// (i, j, t) are private to each thread (OpenMP 5.2, 5.1.1), so the loop is race-free.
#define N 64
#define M 32

static void scale_rows(int n, int m, double a[n][m])
{
  int i, j;
  double t;
#pragma omp for
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) {
      t = a[i][j];
      a[i][j] = 0.5 * t;
    }
}

void scale_all(double a[N][M])
{
#pragma omp parallel
  scale_rows(N, M, a);
}
