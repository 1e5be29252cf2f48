// adrace-expect: race definite
// adrace-race: 31 cur
// The new values are written back into the old grid, whose neighbouring rows other iterations read
// through get_cell.
/* A 5-point stencil through accessor helpers at computed indices. */
#include <stdio.h>

#define NX 64
#define NY 64

double cur[NX * NY], next[NX * NY];

static inline double get_cell(const double *g, int i, int j)
{
  return g[i * NY + j];
}

static inline void set_cell(double *g, int i, int j, double v)
{
  g[i * NY + j] = v;
}

int main(void)
{
  int i, j;
  for (i = 0; i < NX * NY; i++)
    cur[i] = next[i] = i % 5;
#pragma omp parallel for private(j)
  for (i = 1; i < NX - 1; i++)
    for (j = 1; j < NY - 1; j++)
      set_cell(cur, i, j,
               0.25 * (get_cell(cur, i - 1, j) + get_cell(cur, i + 1, j) +
                       get_cell(cur, i, j - 1) + get_cell(cur, i, j + 1)));
  printf("%f %f\n", cur[NY + 1], next[NY + 1]);
  return 0;
}
