// adrace-expect: race definite
// adrace-race: 13 a
// collapse(2) also parallelises j, so iteration (i,j) reads a[i][j-1] written by iteration (i,j-1).
#define N 128
#define M 64
double a[N][M];

void collapse2_rowdep(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 1; j < M; j++)
      a[i][j] = a[i][j - 1] + 1.0;
}
