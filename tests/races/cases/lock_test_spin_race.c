// adrace-expect: race definite
// adrace-race: 20 total
// The update of total was moved after omp_unset_lock, outside the lock.
/* Non-blocking lock acquisition with omp_test_lock. */
#include <stdio.h>
#include <omp.h>

int main(void)
{
  omp_lock_t lck;
  double total = 0.0;
  omp_init_lock(&lck);
#pragma omp parallel shared(total)
  {
    int spins = 0;
    double part = 1.0 + omp_get_thread_num();
    while (!omp_test_lock(&lck))
      spins++; /* could do other work here */
    omp_unset_lock(&lck);
    total += part;
    if (spins < 0)
      printf("impossible\n");
  }
  omp_destroy_lock(&lck);
  printf("total = %f\n", total);
  return 0;
}
