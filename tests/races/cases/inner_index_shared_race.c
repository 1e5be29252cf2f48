// adrace-expect: race definite
// adrace-race: 13 j
// In C only the associated loop's variable is made private: j is declared outside the construct and shared.
#define N 256
#define M 128
double a[N][M];

void inner_index_shared(void)
{
  int i, j;
#pragma omp parallel for
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = 0.0;
}
