// adrace-expect: race definite
// adrace-race: 51 alpha
// Twin of realistic/cg_solver_region.c with nowait on the single that computes alpha: the other
// threads go on into the update loop and read alpha while one thread writes it.
#include <stdio.h>
#include <math.h>

#define N 400
#define MAXIT 1000
#define TOL 1.0e-8

static double x[N], b[N], r[N], p[N], ap[N];

/* 1-D Laplacian with Dirichlet ends, as a matrix-free product */
static double lap(const double *v, int i, int n)
{
  double left = (i > 0) ? v[i - 1] : 0.0;
  double right = (i < n - 1) ? v[i + 1] : 0.0;
  return 2.0 * v[i] - left - right + 0.01 * v[i];
}

static int cg_solve(int n)
{
  double rr = 0.0, rr_old = 0.0, pap = 0.0, alpha = 0.0, beta = 0.0;
  int iters = 0, converged = 0;
  int i;

#pragma omp parallel private(i)
  {
    int it;
#pragma omp for reduction(+: rr)
    for (i = 0; i < n; i++) {
      r[i] = b[i] - lap(x, i, n);
      p[i] = r[i];
      rr += r[i] * r[i];
    }
    for (it = 0; it < MAXIT; it++) {
#pragma omp for
      for (i = 0; i < n; i++)
        ap[i] = lap(p, i, n);
#pragma omp single
      {
        pap = 0.0;
        rr_old = rr;
      }
#pragma omp for reduction(+: pap)
      for (i = 0; i < n; i++)
        pap += p[i] * ap[i];
#pragma omp single nowait
      {
        alpha = rr_old / pap;
        rr = 0.0;
      }
#pragma omp for reduction(+: rr)
      for (i = 0; i < n; i++) {
        x[i] += alpha * p[i];
        r[i] -= alpha * ap[i];
        rr += r[i] * r[i];
      }
#pragma omp single
      {
        beta = rr / rr_old;
        iters = it + 1;
        if (sqrt(rr) < TOL)
          converged = 1;
      }
      if (converged)
        break;
#pragma omp for
      for (i = 0; i < n; i++)
        p[i] = r[i] + beta * p[i];
    }
  }
  return iters;
}

int main(void)
{
  int i, iters;
  for (i = 0; i < N; i++) {
    b[i] = 1.0 + (i % 5) * 0.1;
    x[i] = 0.0;
  }
  iters = cg_solve(N);
  printf("iterations %d x[0] %.8f x[mid] %.8f\n", iters, x[0], x[N / 2]);
  return 0;
}
