// adrace-expect: race possible
// adrace-race: 26 v
// CSR row scaling: row i scales val[k] for k in [rowptr[i], rowptr[i+1]). The rows' ranges are
// disjoint only if rowptr is non-decreasing, which only the data guarantees (nothing here proves it):
// race possible, never definite. The row sums (rsum[i]) are direct and race-free.
#include <stdio.h>
#include <math.h>

#define NROWS 1000
#define NNZ_ROW 7

static int rowptr[NROWS + 1], colind[NROWS * NNZ_ROW];
static double val[NROWS * NNZ_ROW], rsum[NROWS];

static void scale_rows(int nrows, const int *rp, double *v, double *rs)
{
  int i;
#pragma omp parallel for schedule(dynamic, 16)
  for (i = 0; i < nrows; i++) {
    double s = 0.0, inv;
    int k;
    for (k = rp[i]; k < rp[i + 1]; k++)
      s += fabs(v[k]);
    inv = s > 0.0 ? 1.0 / s : 1.0;
    for (k = rp[i]; k < rp[i + 1]; k++)
      v[k] *= inv;
    rs[i] = s;
  }
}

int main(void)
{
  int i, k, pos = 0;
  for (i = 0; i < NROWS; i++) {
    rowptr[i] = pos;
    for (k = 0; k < NNZ_ROW; k++) {
      colind[pos] = (i + k * 13) % NROWS;
      val[pos++] = (k == 0) ? 10.0 : -1.0;
    }
  }
  rowptr[NROWS] = pos;
  scale_rows(NROWS, rowptr, val, rsum);
  printf("%f %f %d\n", val[0], rsum[0], colind[1]);
  return 0;
}
