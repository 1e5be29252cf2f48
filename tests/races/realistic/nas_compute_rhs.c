// adrace-expect: race-free
// NAS SP/BT-style compute_rhs: one parallel region, several `omp for nowait` loops. Each nowait loop
// writes an array no other loop of the same phase reads (rho_i, us, qs; then rhs from u and forcing);
// the explicit barrier separates the phase that writes rho_i/us from the phase that reads them.
#include <stdio.h>

#define IMAX 24
#define JMAX 24
#define KMAX 24

static double u[KMAX][JMAX][IMAX][5], forcing[KMAX][JMAX][IMAX][5], rhs[KMAX][JMAX][IMAX][5];
static double rho_i[KMAX][JMAX][IMAX], us[KMAX][JMAX][IMAX], qs[KMAX][JMAX][IMAX];
static const double dx1tx1 = 0.75, tx2 = 0.5, c2 = 0.4;

static void compute_rhs(void)
{
  int i, j, k, m;
  double rho_inv, uijk, up1, um1;

#pragma omp parallel default(shared) private(i, j, k, m, rho_inv, uijk, up1, um1)
  {
#pragma omp for schedule(static) nowait
    for (k = 0; k < KMAX; k++)
      for (j = 0; j < JMAX; j++)
        for (i = 0; i < IMAX; i++) {
          rho_inv = 1.0 / u[k][j][i][0];
          rho_i[k][j][i] = rho_inv;
          us[k][j][i] = u[k][j][i][1] * rho_inv;
        }
#pragma omp for schedule(static) nowait
    for (k = 0; k < KMAX; k++)
      for (j = 0; j < JMAX; j++)
        for (i = 0; i < IMAX; i++)
          qs[k][j][i] = 0.5 * (u[k][j][i][1] * u[k][j][i][1] + u[k][j][i][2] * u[k][j][i][2]) / u[k][j][i][0];
    /* copy the forcing term into rhs; independent of the two loops above */
#pragma omp for schedule(static)
    for (k = 0; k < KMAX; k++)
      for (j = 0; j < JMAX; j++)
        for (i = 0; i < IMAX; i++)
          for (m = 0; m < 5; m++)
            rhs[k][j][i][m] = forcing[k][j][i][m];
    /* implicit barrier above: rho_i, us and qs are complete */
#pragma omp for schedule(static) nowait
    for (k = 1; k < KMAX - 1; k++)
      for (j = 1; j < JMAX - 1; j++)
        for (i = 1; i < IMAX - 1; i++) {
          uijk = us[k][j][i];
          up1 = us[k][j][i + 1];
          um1 = us[k][j][i - 1];
          rhs[k][j][i][1] += dx1tx1 * (up1 - 2.0 * uijk + um1) - tx2 * c2 * (qs[k][j][i + 1] - qs[k][j][i - 1]);
          rhs[k][j][i][0] += rho_i[k][j][i] * 1.0e-3;
        }
  }
}

int main(void)
{
  int i, j, k, m;
  for (k = 0; k < KMAX; k++)
    for (j = 0; j < JMAX; j++)
      for (i = 0; i < IMAX; i++)
        for (m = 0; m < 5; m++) {
          u[k][j][i][m] = 1.0 + 0.01 * (i + j + k + m);
          forcing[k][j][i][m] = 0.001 * m;
        }
  compute_rhs();
  printf("%f\n", rhs[KMAX / 2][JMAX / 2][IMAX / 2][1]);
  return 0;
}
