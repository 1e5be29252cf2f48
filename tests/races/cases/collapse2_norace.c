// adrace-expect: race-free
// collapse(2) over a 2-D element-wise update: every (i,j) pair writes its own a[i][j].
#define N 128
#define M 64
double a[N][M], b[N][M];

void collapse2(void)
{
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = b[i][j] + 1.0;
}
