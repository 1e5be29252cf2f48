// adrace-expect: race-free
// A parallel j loop nested in a parallel i loop; each a[i][j] belongs to one (i,j) pair.
#define N 64
#define M 32
double a[N][M], b[M];

void nested_parallel(void)
{
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp parallel for
    for (int j = 0; j < M; j++)
      a[i][j] = a[i][j] * b[j];
  }
}
