// adrace-expect: race-free
// 2-D Jacobi iteration that swaps the old and new grids through pointers, inside one parallel region:
// the pointers uold/unew are shared, and are swapped by one thread in a single whose implicit barrier
// keeps everyone from using them before the swap ends; the sweep reads them after that barrier. The
// convergence norm is a reduction into a shared scalar reset in the same single, and every thread
// reads it after the reduction's barrier to leave the loop at the same iteration.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NX 96
#define NY 80
#define IDX(i, j) ((i) * NY + (j))
#define MAXITER 500
#define EPS 5.0e-4

static void swap_grids(double **a, double **b)
{
  double *t = *a;
  *a = *b;
  *b = t;
}

int main(void)
{
  double *ga = calloc(NX * NY, sizeof(double));
  double *gb = calloc(NX * NY, sizeof(double));
  double *uold = ga, *unew = gb;
  double diff = 1.0;
  int iter = 0;
  int i, j;
  for (j = 0; j < NY; j++) {
    ga[IDX(0, j)] = gb[IDX(0, j)] = 1.0; /* hot wall */
  }
#pragma omp parallel private(i, j)
  {
    while (diff > EPS && iter < MAXITER) {
#pragma omp barrier
#pragma omp single
      {
        if (iter > 0)
          swap_grids(&uold, &unew);
        diff = 0.0;
        iter++;
      }
#pragma omp for reduction(max: diff)
      for (i = 1; i < NX - 1; i++) {
        for (j = 1; j < NY - 1; j++) {
          double val = 0.25 * (uold[IDX(i - 1, j)] + uold[IDX(i + 1, j)]
                               + uold[IDX(i, j - 1)] + uold[IDX(i, j + 1)]);
          double d = fabs(val - uold[IDX(i, j)]);
          unew[IDX(i, j)] = val;
          if (d > diff)
            diff = d;
        }
      }
    }
  }
  printf("iterations %d diff %.3e centre %.6f\n", iter, diff, unew[IDX(NX / 2, NY / 2)]);
  free(ga);
  free(gb);
  return 0;
}
