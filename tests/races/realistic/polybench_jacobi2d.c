// adrace-expect: race-free
// PolyBench jacobi-2d: time steps alternate A -> B and B -> A; each sweep reads one array and writes the
// other, one element per (i, j); the implicit barrier of each omp for separates the two sweeps.
#include <stdio.h>

#define N 200
#define TSTEPS 10

static double A[N][N], B[N][N];

static void init_array(int n)
{
  int i, j;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      A[i][j] = ((double)i * (j + 2) + 2) / n;
      B[i][j] = ((double)i * (j + 3) + 3) / n;
    }
}

static void kernel_jacobi_2d(int tsteps, int n)
{
  int t, i, j;
#pragma omp parallel private(t, i, j)
  for (t = 0; t < tsteps; t++) {
#pragma omp for
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        B[i][j] = 0.2 * (A[i][j] + A[i][j - 1] + A[i][1 + j] + A[1 + i][j] + A[i - 1][j]);
#pragma omp for
    for (i = 1; i < n - 1; i++)
      for (j = 1; j < n - 1; j++)
        A[i][j] = 0.2 * (B[i][j] + B[i][j - 1] + B[i][1 + j] + B[1 + i][j] + B[i - 1][j]);
  }
}

static double checksum(int n)
{
  int i, j;
  double s = 0.0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      s += A[i][j];
  return s;
}

int main(void)
{
  init_array(N);
  kernel_jacobi_2d(TSTEPS, N);
  printf("%f\n", checksum(N));
  return 0;
}
