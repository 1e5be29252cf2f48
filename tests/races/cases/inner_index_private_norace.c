// adrace-expect: race-free
// private(j) makes the inner loop index private; each row a[i] is written by one iteration.
#define N 256
#define M 128
double a[N][M];

void inner_index_private(void)
{
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      a[i][j] = 0.0;
}
