// adrace-expect: race definite
// adrace-race: 64 m->partial
// Twin of realistic/mesh_soa_relax.c without the explicit barrier after the relaxation loop: that
// loop's own barrier comes before the m->partial[tid] stores, so the single sums the slots while
// other threads may still be storing them.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

#define MAX_THREADS 64

typedef struct {
  int nx, ny;
  double h2;
  double *u, *unew, *f;
  double partial[MAX_THREADS];
  double resid;
} mesh_t;

static mesh_t *mesh_create(int nx, int ny)
{
  mesh_t *m = malloc(sizeof *m);
  int k;
  m->nx = nx;
  m->ny = ny;
  m->h2 = 1.0 / ((nx - 1) * (ny - 1));
  m->u = calloc((size_t)nx * ny, sizeof(double));
  m->unew = calloc((size_t)nx * ny, sizeof(double));
  m->f = malloc((size_t)nx * ny * sizeof(double));
  for (k = 0; k < nx * ny; k++)
    m->f[k] = (k % 7) - 3.0;
  return m;
}

static void mesh_free(mesh_t *m)
{
  free(m->u);
  free(m->unew);
  free(m->f);
  free(m);
}

/* one Jacobi sweep; returns the squared change */
static double mesh_relax(mesh_t *m)
{
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nx = m->nx, ny = m->ny;
    int i, j;
    double mine = 0.0;

#pragma omp for schedule(static)
    for (j = 1; j < ny - 1; j++) {
      for (i = 1; i < nx - 1; i++) {
        double v = 0.25 * (m->u[j * nx + i - 1] + m->u[j * nx + i + 1]
                           + m->u[(j - 1) * nx + i] + m->u[(j + 1) * nx + i]
                           + m->h2 * m->f[j * nx + i]);
        double d = v - m->u[j * nx + i];
        m->unew[j * nx + i] = v;
        mine += d * d;
      }
    }
    m->partial[tid] = mine;
#pragma omp single
    {
      int t, nt = omp_get_num_threads();
      m->resid = 0.0;
      for (t = 0; t < nt; t++)
        m->resid += m->partial[t];
    }
#pragma omp for schedule(static)
    for (j = 1; j < ny - 1; j++)
      for (i = 1; i < nx - 1; i++)
        m->u[j * nx + i] = m->unew[j * nx + i];
  }
  return m->resid;
}

int main(void)
{
  mesh_t *m = mesh_create(48, 40);
  int it;
  double r = 0.0;
  for (it = 0; it < 20; it++)
    r = mesh_relax(m);
  printf("resid %.6e u[mid] %.6f\n", r, m->u[20 * m->nx + 24]);
  mesh_free(m);
  return 0;
}
