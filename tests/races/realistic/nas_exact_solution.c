// adrace-expect: race-free
// NAS-style initialisation through exact(): the callee writes only the array its caller passes,
// a local of the calling iteration (temp, private by scoping), and reads the file-scope constants ce.
// Each iteration of the orphaned loop in initialize() then writes its own u[k][j][i][m].
#include <stdio.h>

#define NX 20
#define NY 20
#define NZ 20

static double u[NZ][NY][NX][5];
static const double ce[5][4] = {
  {2.0, 0.0, 0.0, 4.0}, {1.0, 0.0, 0.0, 0.0}, {2.0, 2.0, 0.0, 0.0}, {2.0, 2.0, 0.0, 0.0}, {5.0, 4.0, 3.0, 2.0}};
static const double dnxm1 = 1.0 / (NX - 1), dnym1 = 1.0 / (NY - 1), dnzm1 = 1.0 / (NZ - 1);

static void exact_solution(double xi, double eta, double zeta, double dtemp[5])
{
  int m;
  for (m = 0; m < 5; m++)
    dtemp[m] = ce[m][0] + xi * (ce[m][1] + xi * ce[m][2]) + eta * ce[m][3] * zeta;
}

/* called inside a parallel region: the omp for is orphaned, its locals are private */
static void initialize(void)
{
  int i, j, k, m;
  double xi, eta, zeta, temp[5];
#pragma omp for schedule(static)
  for (k = 0; k < NZ; k++) {
    zeta = (double)k * dnzm1;
    for (j = 0; j < NY; j++) {
      eta = (double)j * dnym1;
      for (i = 0; i < NX; i++) {
        xi = (double)i * dnxm1;
        exact_solution(xi, eta, zeta, temp);
        for (m = 0; m < 5; m++)
          u[k][j][i][m] = temp[m];
      }
    }
  }
}

static double csum; /* file scope: shared, as a worksharing reduction needs */

static void checksum(void)
{
  int i, j, k;
#pragma omp for reduction(+: csum)
  for (k = 0; k < NZ; k++)
    for (j = 0; j < NY; j++)
      for (i = 0; i < NX; i++)
        csum += u[k][j][i][4];
}

int main(void)
{
  csum = 0.0;
#pragma omp parallel
  {
    initialize(); /* ends in the implicit barrier of its omp for */
    checksum();
  }
  printf("checksum = %f\n", csum);
  return 0;
}
