// adrace-expect: race-free
// A blocked 2-D update in the style of application codes: the parallel loop runs over block rows,
// each block clips its extent with `?:`, C89 counters declared up front, a float grid with a
// halo read from the previous sweep's copy. Each block writes only its own rows of u.
// A performance case: it must check in well under a second.
#define NX 1024
#define NY 1024
#define BX 16
#define BY 128

static void blocked_relax(int nx, int ny, float u[restrict NX][NY], float uold[restrict NX][NY], float rhs[restrict NX][NY],
                          float omega, float dx2, float dy2)
{
  int bi, bj, i, j;
  int ilo, ihi, jlo, jhi;
  int nbx = (nx - 2 + BX - 1) / BX;
  float diag = 2.0f / dx2 + 2.0f / dy2;

#pragma omp parallel for private(bj, i, j, ilo, ihi, jlo, jhi) firstprivate(omega, diag)
  for (bi = 0; bi < nbx; bi++) {
    ilo = 1 + bi * BX;
    ihi = ilo + BX > nx - 1 ? nx - 1 : ilo + BX;
    for (bj = 0; bj < (ny - 2 + BY - 1) / BY; bj++) {
      jlo = 1 + bj * BY;
      jhi = jlo + BY > ny - 1 ? ny - 1 : jlo + BY;
      for (i = ilo; i < ihi; i++) {
        for (j = jlo; j < jhi; j++) {
          float west = uold[i - 1][j];
          float east = uold[i + 1][j];
          float south = uold[i][j - 1];
          float north = uold[i][j + 1];
          float centre = uold[i][j];
          float resid;
          resid = (west + east) / dx2 /* x direction */
                  + (south + north) / dy2 - diag * centre - rhs[i][j];
          u[i][j] = centre + omega * resid / diag;
        }
      }
      /* boundary columns of the block: copied through */
      for (i = ilo; i < ihi; i++) {
        if (jlo == 1) u[i][0] = uold[i][0];
        if (jhi == ny - 1) u[i][ny - 1] = uold[i][ny - 1];
      }
    }
  }
}

void relax_sweeps(int sweeps, float u[restrict NX][NY], float uold[restrict NX][NY], float rhs[restrict NX][NY])
{
  int s, i, j;
  for (s = 0; s < sweeps; s++) {
#pragma omp parallel for private(j)
    for (i = 0; i < NX; i++)
      for (j = 0; j < NY; j++) uold[i][j] = u[i][j];
    blocked_relax(NX, NY, u, uold, rhs, 0.8f, 1.0f, 1.0f);
  }
}
