// adrace-expect: race-free
// Every thread takes the same arm (use_jacobi is shared); each arm's worksharing loop ends in a barrier before z is read.
/* One preconditioned step of an iterative solver: Jacobi or identity preconditioner chosen at run time. */
#include <stdio.h>

#define N 20000

static double r[N], z[N], diag[N], p[N];

double precondition_step(int n, int use_jacobi)
{
  int i;
  double rz = 0.0;
#pragma omp parallel private(i)
  {
    if (use_jacobi) {
#pragma omp for schedule(static)
      for (i = 0; i < n; i++)
        z[i] = r[i] / diag[i];
    } else {
#pragma omp for schedule(static)
      for (i = 0; i < n; i++)
        z[i] = r[i];
    }
#pragma omp for reduction(+:rz)
    for (i = 0; i < n; i++) {
      p[i] = z[n - 1 - i];
      rz += r[i] * z[i];
    }
  }
  printf("rz = %g\n", rz);
  return rz;
}
