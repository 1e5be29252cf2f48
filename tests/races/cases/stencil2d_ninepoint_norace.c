// adrace-expect: race-free
// 9-point 2-D stencil from in to out (restrict VLA parameters); each out[i][j] has one writer.
void stencil2d(int n, int m, double out[restrict n][m], const double in[restrict n][m])
{
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      out[i][j] = (in[i - 1][j - 1] + in[i - 1][j] + in[i - 1][j + 1]
                   + in[i][j - 1] + in[i][j] + in[i][j + 1]
                   + in[i + 1][j - 1] + in[i + 1][j] + in[i + 1][j + 1]) / 9.0;
}
