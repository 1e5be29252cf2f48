// adrace-expect: race definite
// adrace-race: 14 t
// The scratch row t is shared by all outer iterations: iterations i and i' both write t[j].
#define N 64
#define M 32
double a[N][M], b[M], t[M];

void nested_parallel(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp parallel for
    for (int j = 0; j < M; j++) {
      t[j] = a[i][j] * b[j];
      a[i][j] = t[j] + 1.0;
    }
  }
}
