// adrace-expect: race definite
// adrace-race: 13 scale
// Only thread 0 writes scale, but no barrier orders that write before the other threads read scale in the loop
// (the loop has no barrier at its start).
#include <omp.h>

void region_if_thread0(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      scale = 1.0 / (double)n;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
