// adrace-expect: race-free
// Two tasks with depend(in: vec) may run at the same time, but both only read vec; each writes its own
// result (norm1, norm_inf).
/* Two consumers of one producer task: in-dependences do not order the consumers. */
#include <stdio.h>

#define LEN 2000

double vec[LEN];

int main(void)
{
  double norm1 = 0.0, norm_inf = 0.0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out: vec)
    {
      int i;
      for (i = 0; i < LEN; i++)
        vec[i] = (i % 7) - 3.0;
    }
#pragma omp task depend(in: vec) shared(norm1)
    {
      int i;
      for (i = 0; i < LEN; i++)
        norm1 += vec[i] < 0 ? -vec[i] : vec[i];
    }
#pragma omp task depend(in: vec) shared(norm_inf)
    {
      int i;
      for (i = 0; i < LEN; i++)
        norm_inf = (vec[i] > norm_inf) ? vec[i] : norm_inf;
    }
  }
  printf("%f %f\n", norm1, norm_inf);
  return 0;
}
