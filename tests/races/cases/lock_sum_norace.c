// adrace-expect: race-free
// Every access to the shared s is between omp_set_lock and omp_unset_lock on the same lock.
#include <omp.h>

double lock_sum(int n, const double *a)
{
  double s = 0.0;
  omp_lock_t lck;
  omp_init_lock(&lck);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(&lck);
    s += a[i];
    omp_unset_lock(&lck);
  }
  omp_destroy_lock(&lck);
  return s;
}
