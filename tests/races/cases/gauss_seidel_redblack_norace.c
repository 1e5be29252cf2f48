// adrace-expect: race-free
// Red-black sweep of one colour: every written point has i+j of parity 1+c, every neighbour read has the other parity.
// Writes and reads of u never meet across rows.
#define N 256
double u[N][N], f[N][N];

void redblack_sweep(int color, double h2)
{
  int c = color & 1;
#pragma omp parallel for
  for (int i = 1; i < N - 1; i++)
    for (int j = 1 + (i + c) % 2; j < N - 1; j += 2)
      u[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]
                        + h2 * f[i][j]);
}
