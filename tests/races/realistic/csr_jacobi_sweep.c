// adrace-expect: race-free
// One Jacobi sweep on a CSR matrix: row i reads x through the column indices (gather) and writes
// only xnew[i]; the convergence measure is a max reduction. x and xnew are distinct arrays, and the
// diagonal is found through the row's own column indices.
#include <stdio.h>

#define N 2000
#define BAND 3
#define NNZ (N * (2 * BAND + 1))

static int row_start[N + 1], col[NNZ];
static double a[NNZ], rhs[N], x[N], xnew[N];

static inline double row_dot_offdiag(int i, const double *v, double *diag)
{
  double s = 0.0;
  int k;
  for (k = row_start[i]; k < row_start[i + 1]; k++) {
    if (col[k] == i)
      *diag = a[k];
    else
      s += a[k] * v[col[k]];
  }
  return s;
}

static double jacobi_sweep(int n)
{
  int i;
  double change = 0.0;
#pragma omp parallel for reduction(max: change)
  for (i = 0; i < n; i++) {
    double d = 1.0, off, delta;
    off = row_dot_offdiag(i, x, &d);
    xnew[i] = (rhs[i] - off) / d;
    delta = xnew[i] > x[i] ? xnew[i] - x[i] : x[i] - xnew[i];
    if (delta > change)
      change = delta;
  }
  return change;
}

int main(void)
{
  int i, k, pos = 0;
  for (i = 0; i < N; i++) {
    row_start[i] = pos;
    for (k = -BAND; k <= BAND; k++) {
      int j = i + k;
      if (j < 0 || j >= N)
        continue;
      col[pos] = j;
      a[pos++] = (k == 0) ? 10.0 : -1.0;
    }
    rhs[i] = 1.0;
    x[i] = 0.0;
  }
  row_start[N] = pos;
  printf("change = %f\n", jacobi_sweep(N));
  printf("%f\n", xnew[N / 2]);
  return 0;
}
