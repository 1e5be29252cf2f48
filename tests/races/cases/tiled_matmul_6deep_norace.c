// adrace-expect: race-free
// Tiled triple matrix product C += A * B with a 6-deep loop nest: the parallel loop runs over row
// tiles, each tile writes only its own rows of C. Tile ends are clipped with `?:` as application
// codes do. A performance case: it must check in well under a second.
#define N 512
#define TI 32
#define TJ 64
#define TK 16

void tiled_matmul(int n, double C[restrict N][N], double A[restrict N][N], double B[restrict N][N])
{
  int ii, jj, kk, i, j, k;
  int iend, jend, kend;
#pragma omp parallel for private(jj, kk, i, j, k, iend, jend, kend) schedule(static)
  for (ii = 0; ii < n; ii += TI) {
    iend = ii + TI < n ? ii + TI : n;
    for (jj = 0; jj < n; jj += TJ) {
      jend = jj + TJ < n ? jj + TJ : n;
      for (kk = 0; kk < n; kk += TK) {
        kend = kk + TK < n ? kk + TK : n;
        for (i = ii; i < iend; i++)
          for (j = jj; j < jend; j++) {
            double sum = C[i][j]; /* accumulate the tile's contribution */
            for (k = kk; k < kend; k++) sum += A[i][k] * B[k][j];
            C[i][j] = sum;
          }
      }
    }
  }
}
