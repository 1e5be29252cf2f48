// adrace-expect: race definite
// adrace-race: 20 z
// The Jacobi arm's loop has nowait: a thread reads z[n - 1 - i] in the next loop while another thread may still write it.
/* One preconditioned step of an iterative solver, with a nowait too many in the Jacobi arm. */
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
#pragma omp for schedule(static) nowait
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
