// adrace-expect: race-free
// NAS CG-style inner iteration in one parallel region: CSR sparse matrix-vector product q = A p
// (row j writes q[j] only; p is read through colidx), then dot products with `omp for reduction`
// (implicit barriers), then vector updates; the shared scalars rho, d, alpha are written only by
// single constructs between barriers.
#include <stdio.h>

#define NA 1400
#define NZ_PER_ROW 5

static int rowstr[NA + 1], colidx[NA * NZ_PER_ROW];
static double a[NA * NZ_PER_ROW], p[NA], q[NA], r[NA], z[NA];

static void conj_grad_step(int n)
{
  int j, k;
  double d = 0.0, rho = 0.0, alpha = 0.0;
#pragma omp parallel private(j, k)
  {
#pragma omp for
    for (j = 0; j < n; j++) {
      double suml = 0.0;
      for (k = rowstr[j]; k < rowstr[j + 1]; k++)
        suml = suml + a[k] * p[colidx[k]];
      q[j] = suml;
    }
#pragma omp for reduction(+: d)
    for (j = 0; j < n; j++)
      d = d + p[j] * q[j];
#pragma omp for reduction(+: rho)
    for (j = 0; j < n; j++)
      rho = rho + r[j] * r[j];
#pragma omp single
    alpha = rho / d;
#pragma omp for
    for (j = 0; j < n; j++) {
      z[j] = z[j] + alpha * p[j];
      r[j] = r[j] - alpha * q[j];
    }
  }
  printf("rho = %f alpha = %f\n", rho, alpha);
}

int main(void)
{
  int j, k, pos = 0;
  for (j = 0; j < NA; j++) {
    rowstr[j] = pos;
    for (k = -2; k <= 2; k++) {
      int col = (j + k + NA) % NA;
      colidx[pos] = col;
      a[pos++] = (k == 0) ? 4.0 : -1.0;
    }
    p[j] = r[j] = 1.0;
    z[j] = 0.0;
  }
  rowstr[NA] = pos;
  conj_grad_step(NA);
  printf("%f\n", z[NA - 1]);
  return 0;
}
