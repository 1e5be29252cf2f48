// adrace-expect: race-free
// Only thread 0 writes scale, and the explicit barrier orders the write before every read in the loop; two
// threads never both write, since only one thread has number 0.
#include <omp.h>

void region_if_thread0_barrier(int n, double *a)
{
  double scale = 0.0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      scale = 1.0 / (double)n;
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = scale * a[i];
  }
}
