// adrace-expect: race-free
// Only the i loop is parallel; the j loop runs inside one iteration, so s[i] has a single writer.
#define N 128
#define M 64
double a[N][M], s[N];

void rowsum(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s[i] += a[i][j];
}
