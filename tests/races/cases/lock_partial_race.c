// adrace-expect: race definite
// adrace-race: 16 s
// The update of s is locked but the read b[i] = s after omp_unset_lock is not, so it races with other iterations' locked writes.
#include <omp.h>

double lock_partial(int n, double *b, const double *a)
{
  double s = 0.0;
  omp_lock_t lck;
  omp_init_lock(&lck);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(&lck);
    s += a[i];
    omp_unset_lock(&lck);
    b[i] = s;
  }
  omp_destroy_lock(&lck);
  return s;
}
