// adrace-expect: race-free
// Each thread takes n / nthreads rows and the last thread also the remainder: the ranges meet but do
// not overlap.
/* Hand-written block partitioning where the last thread takes the rest, in C89. */
#include <stdio.h>
#include <omp.h>

#define NCELLS 999

double cells[NCELLS];

void relax_cells(double *c, int n)
{
  int i;
#pragma omp parallel private(i)
  {
    int me = omp_get_thread_num();
    int nth = omp_get_num_threads();
    int share = n / nth;
    int first = me * share;
    int last = (me == nth - 1) ? n : first + share;
    for (i = first; i < last; i++)
      c[i] = 0.5 * (c[i] + 1.0);
  }
}

int main(void)
{
  int i;
  for (i = 0; i < NCELLS; i++)
    cells[i] = 1.0 / (i + 1);
  relax_cells(cells, NCELLS);
  printf("%f\n", cells[NCELLS - 1]);
  return 0;
}
