// adrace-expect: race-free
// Parallel over rows i: c[i][j] is written only by iteration i; a and b are only read.
#define N 256
double a[N][N], b[N][N], c[N][N];

void matmul(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0.0;
      for (int k = 0; k < N; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s;
    }
}
