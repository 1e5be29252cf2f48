// adrace-expect: race-free
// Red-black successive over-relaxation in place: each colour sweep updates only points whose i + j has
// the colour's parity and reads only neighbours of the other parity; the two sweeps are separate
// worksharing loops with implicit barriers between them. The j loop starts at 1 + (i + colour) % 2
// and steps by 2.
#include <stdio.h>

#define N 202
#define SWEEPS 6

static double u[N][N], f[N][N];

static void sor_sweep(int n, int colour, double omega)
{
  int i, j;
#pragma omp for private(j)
  for (i = 1; i < n - 1; i++)
    for (j = 1 + (i + colour) % 2; j < n - 1; j += 2)
      u[i][j] = (1.0 - omega) * u[i][j] +
                omega * 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1] - f[i][j]);
}

static double max_abs(int n)
{
  int i, j;
  double m = 0.0;
#pragma omp parallel for private(j) reduction(max: m)
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      m = u[i][j] > m ? u[i][j] : (-u[i][j] > m ? -u[i][j] : m);
  return m;
}

int main(void)
{
  int i, j, s;
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      u[i][j] = 0.0;
      f[i][j] = (i == N / 2 && j == N / 2) ? -1.0 : 0.0;
    }
#pragma omp parallel private(s)
  for (s = 0; s < SWEEPS; s++) {
    sor_sweep(N, 0, 1.5); /* colour 0: i + j odd */
    sor_sweep(N, 1, 1.5); /* colour 1: i + j even */
  }
  printf("%f %f\n", u[N / 2][N / 2], max_abs(N));
  return 0;
}
