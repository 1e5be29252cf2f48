// adrace-expect: race definite
// adrace-race: 30 u
// copy_back's loop has nowait: a thread that finishes its block reads u[N / 2] in update_norm's single,
// or u[i - 1] and u[i + 1] in the next step's relax, while another thread still writes it.
/* 1-D heat relaxation, split into helpers as a solver library would. */
#include <stdio.h>
#include <math.h>
#include <omp.h>

#define N 4096
#define STEPS 20

static double u[N], unew[N];
static double norm = 0.0;

/* one Jacobi sweep of the interior (orphaned: binds to the caller's region) */
static void relax(int lo, int hi)
{
  int i;
#pragma omp for
  for (i = lo; i < hi; i++)
    unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

static void copy_back(int lo, int hi)
{
  int i;
#pragma omp for nowait
  for (i = lo; i < hi; i++)
    u[i] = unew[i];
}

static void update_norm(void)
{
#pragma omp single
  norm = fabs(u[N / 2]);
}

/* one time step: sweep, copy, monitor */
static void advance(int n)
{
  relax(1, n - 1);
  copy_back(1, n - 1);
  update_norm();
}

int main(void)
{
  int i, t;
  for (i = 0; i < N; i++) u[i] = unew[i] = (i == N / 2) ? 1.0 : 0.0;
#pragma omp parallel private(t)
  {
    for (t = 0; t < STEPS; t++)
      advance(N);
  }
  printf("norm = %g\n", norm);
  return 0;
}
