// adrace-expect: race definite
// adrace-race: 13 s
// With collapse(2), (i,j) and (i,j') are different parallel iterations that both update s[i].
#define N 128
#define M 64
double a[N][M], s[N];

void collapse2_rowsum(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s[i] += a[i][j];
}
